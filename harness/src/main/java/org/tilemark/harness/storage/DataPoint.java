package org.tilemark.harness.storage;

import java.util.Objects;
import org.tilemark.workloads.storage.AccessSpec;

/**
 * One data point of the matrix: a pattern column and a transfer-size row of the paper-style tables,
 * or (sizeKb 0) a spec of its own such as the database-like mix.
 */
record DataPoint(String pattern, int sizeKb, AccessSpec spec) {

    DataPoint {
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(spec, "spec");
    }

    boolean inMatrix() {
        return sizeKb > 0;
    }

    String label() {
        return inMatrix() ? sizeKb + " KB " + pattern : pattern;
    }
}
