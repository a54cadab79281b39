package org.tilemark.harness.bundle;

import java.util.List;

/**
 * The columns of the bundle's flat tables (docs/results-bundle.md), named as the JSON files name the
 * same facts: {@link BundleLayout#INTERVALS_CSV} (followed by a count and p95 column per operation),
 * {@link BundleLayout#SUMMARY_CSV} and {@link BundleLayout#INFRA_OPS_CSV}. The report writes them.
 */
public final class CsvColumns {

    public static final List<String> INTERVALS = List.of("interval", "stage", "phase", "tile",
            "workload", "start", "end", "durationMs", "metric", "throughput", "target", "attempts",
            "errors", "rollbacks", "scheduleLagP99Ms");
    public static final List<String> SUMMARY = List.of("phase", "tile", "workload", "metric",
            "throughput", "reference", "normalized", "scored", "passed", "attempts", "errors", "rollbacks",
            "scheduleLagP99Ms", "reasons", "source");
    public static final List<String> INFRA_OPS = List.of("operation", "block", "vm", "role", "tile",
            "fromHost", "fromDatastore", "toHost", "toDatastore", "start", "end", "durationMs",
            "bytesMoved", "stunMs", "downtimeMs", "outcome", "error", "phase", "initiator", "cause");

    private CsvColumns() {
    }

    /** The columns intervals.csv adds per operation: its count and p95 (ms), named as intervals.jsonl names them. */
    public static List<String> operationColumns(String operation) {
        return List.of(operation + ".count", operation + ".p95Ms");
    }
}
