package org.tilemark.scoring;

import java.util.List;

/** The infrastructure score of one phase: geometric mean of each operation type's normalized rate. */
public record InfraScore(List<InfraOpScore> operations, double score) {
    public InfraScore {
        operations = Require.listCopy(operations, "operations");
        if (operations.isEmpty()) {
            throw new IllegalArgumentException("operations must not be empty");
        }
        Require.nonNegative(score, "score");
    }
}
