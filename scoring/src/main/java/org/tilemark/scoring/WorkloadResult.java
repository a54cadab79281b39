package org.tilemark.scoring;

import java.time.Duration;
import java.util.Map;

/**
 * What one workload of one tile did over one measurement phase (or interval).
 *
 * @param tile              tile number (as the harness numbers tiles)
 * @param workload          workload name, e.g. "dvdstore"
 * @param metricUnit        unit of {@code throughput}, e.g. "orders/min"
 * @param throughput        scored metric in {@code metricUnit}
 * @param measured          length of the measured period
 * @param operations        stats per operation, keyed by the operation's name; order kept; each with its latencies
 * @param attempts          units of work attempted (e.g. orders started)
 * @param errors            units of work that failed
 * @param rollbacks         units of work rolled back (e.g. purchases short of stock)
 * @param scheduleLagP99Ms  p99 of how late work started against its plan, milliseconds
 * @param errorsByVm        errors per VM name, for reports
 */
public record WorkloadResult(int tile, String workload, String metricUnit, double throughput, Duration measured,
        Map<String, OperationStats> operations, long attempts, long errors, long rollbacks,
        double scheduleLagP99Ms, Map<String, Long> errorsByVm) {

    public WorkloadResult {
        Require.nonNegative(tile, "tile");
        Require.nonBlank(workload, "workload");
        Require.nonBlank(metricUnit, "metricUnit");
        Require.nonNegative(throughput, "throughput");
        Require.nonNegative(measured, "measured");
        operations = Require.mapCopy(operations, "operations");
        operations.forEach((name, stats) -> {
            Require.nonBlank(name, "operations key");
            if (!stats.hasLatencies()) {
                throw new IllegalArgumentException("operations[" + name + "] has counts without latencies");
            }
        });
        Require.nonNegative(attempts, "attempts");
        Require.nonNegative(errors, "errors");
        Require.nonNegative(rollbacks, "rollbacks");
        Require.nonNegative(scheduleLagP99Ms, "scheduleLagP99Ms");
        errorsByVm = Require.mapCopy(errorsByVm, "errorsByVm");
        errorsByVm.forEach((vm, count) -> Require.nonNegative(count, "errorsByVm[" + vm + "]"));
    }
}
