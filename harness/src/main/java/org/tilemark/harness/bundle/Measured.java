package org.tilemark.harness.bundle;

import java.util.LinkedHashMap;
import java.util.Map;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.WorkloadResult;

/**
 * What a workload measured, as both an intervals.jsonl line and a phase's workload entry in score.json
 * carry it: the metric, throughput, request counts, schedule-lag p99, errors per VM and per-operation
 * figures (scoring's {@link OperationStats}, each under its operation's name). Every number is rounded to
 * {@link #round thousandths}.
 */
public record Measured(String metric, double throughput, long attempts, long errors, long rollbacks,
                       double scheduleLagP99Ms, Map<String, Long> errorsByVm, Map<String, OperationStats> operations) {

    public Measured {
        errorsByVm = errorsByVm == null ? Map.of() : errorsByVm;
        operations = operations == null ? Map.of() : operations;
    }

    public static Measured of(WorkloadResult r) {
        Map<String, OperationStats> operations = new LinkedHashMap<>();
        r.operations().forEach((name, s) -> operations.put(name, rounded(s)));
        return new Measured(r.metricUnit(), round(r.throughput()), r.attempts(), r.errors(), r.rollbacks(),
                round(r.scheduleLagP99Ms()), new LinkedHashMap<>(r.errorsByVm()), operations);
    }

    /** An operation's figures as the bundle carries them: latencies to thousandths of a millisecond. */
    public static OperationStats rounded(OperationStats s) {
        return new OperationStats(s.count(), s.errors(), round(s.meanMs()), round(s.p50Ms()), round(s.p90Ms()),
                round(s.p95Ms()), round(s.p99Ms()), round(s.maxMs()));
    }

    /** The rounding every number in the bundle's JSON gets. */
    public static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
