package org.tilemark.harness.bundle;

import java.util.LinkedHashMap;
import java.util.Map;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.WorkloadResult;

/**
 * What a workload measured, as both an intervals.jsonl line and a phase's workload entry in score.json
 * carry it: the metric, throughput, request counts, schedule-lag p99, errors per VM and per-operation
 * figures. Every number is rounded to {@link #round thousandths}.
 */
public record Measured(String metric, double throughput, long attempts, long errors, long rollbacks,
                       double scheduleLagP99Ms, Map<String, Long> errorsByVm, Map<String, Operation> operations) {

    public Measured {
        errorsByVm = errorsByVm == null ? Map.of() : errorsByVm;
        operations = operations == null ? Map.of() : operations;
    }

    /**
     * One operation's count, errors and latency (milliseconds from the intended start), as the bundle
     * carries it and the report shows it; a latency the bundle does not know (a phase added up without
     * its histograms) is NaN.
     */
    public record Operation(long count, long errors, double meanMs, double p50Ms, double p90Ms, double p95Ms,
                            double p99Ms, double maxMs) {
        public static Operation of(OperationStats s) {
            return new Operation(s.count(), s.errors(), round(s.meanMs()), round(s.p50Ms()), round(s.p90Ms()),
                    round(s.p95Ms()), round(s.p99Ms()), round(s.maxMs()));
        }

        /** Counts without latencies (NaN): what adding up intervals gives when their histograms are missing. */
        public static Operation countsOnly(long count, long errors) {
            return new Operation(count, errors, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }

        /** The latency at a percentile the bundle keeps (50, 90, 95, 99); NaN for any other. */
        public double percentileMs(double percentile) {
            return percentile == 50 ? p50Ms : percentile == 90 ? p90Ms : percentile == 95 ? p95Ms
                    : percentile == 99 ? p99Ms : Double.NaN;
        }
    }

    public static Measured of(WorkloadResult r) {
        Map<String, Operation> operations = new LinkedHashMap<>();
        r.operations().forEach((name, s) -> operations.put(name, Operation.of(s)));
        return new Measured(r.metricUnit(), round(r.throughput()), r.attempts(), r.errors(), r.rollbacks(),
                round(r.scheduleLagP99Ms()), new LinkedHashMap<>(r.errorsByVm()), operations);
    }

    /** The rounding every number in the bundle's JSON gets. */
    public static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
