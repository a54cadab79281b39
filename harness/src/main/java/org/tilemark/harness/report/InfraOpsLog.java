package org.tilemark.harness.report;

import org.tilemark.harness.bundle.InfraOpLine;

import java.util.List;

/**
 * What infra-ops.jsonl holds, in its order: {@code all} lines, of which {@link #operations()} are Tilemark's
 * own (counted, timed, charted) and {@link #platformInitiated()} the moves the platform made on its own
 * (DRS), only listed. {@code recorded} is false when the file is absent: runs without infrastructure
 * operations (and bundles older than them) do not write it, which is no warning.
 */
record InfraOpsLog(boolean recorded, List<InfraOpLine> all, int skippedLines) {
    static final InfraOpsLog ABSENT = new InfraOpsLog(false, List.of(), 0);

    /** Tilemark's own operations. */
    List<InfraOpLine> operations() {
        return all.stream().filter(op -> !op.platformInitiated()).toList();
    }

    List<InfraOpLine> platformInitiated() {
        return all.stream().filter(InfraOpLine::platformInitiated).toList();
    }

    /** No operation of Tilemark's (moves the platform made alone are no infrastructure operations run). */
    boolean isEmpty() {
        return operations().isEmpty();
    }
}
