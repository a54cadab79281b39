package org.tilemark.harness.report;

import java.util.List;

/**
 * What infra-ops.jsonl holds. {@code recorded} is false when the file is absent: runs without
 * infrastructure operations (and bundles older than them) do not write it, which is no warning.
 */
record InfraOpsLog(boolean recorded, List<InfraOperation> operations, int skippedLines) {
    static final InfraOpsLog ABSENT = new InfraOpsLog(false, List.of(), 0);

    boolean isEmpty() {
        return operations.isEmpty();
    }
}
