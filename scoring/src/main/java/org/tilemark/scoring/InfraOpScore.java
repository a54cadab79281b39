package org.tilemark.scoring;

/** One infrastructure operation type, e.g. "vMotion": {@code normalized = opsPerHour / referenceOpsPerHour}. */
public record InfraOpScore(String operation, double opsPerHour, double referenceOpsPerHour, double normalized) {
    public InfraOpScore {
        Require.nonBlank(operation, "operation");
        Require.nonNegative(opsPerHour, "opsPerHour");
        Require.positive(referenceOpsPerHour, "referenceOpsPerHour");
        Require.nonNegative(normalized, "normalized");
    }
}
