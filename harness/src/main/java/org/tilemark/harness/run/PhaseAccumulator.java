package org.tilemark.harness.run;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.driver.IntervalSnapshot;

/**
 * Adds up one tile's workload over the intervals of a phase (histograms merge losslessly). Public for
 * {@code tilemark verify}, which adds up the bundle's intervals with this same code.
 */
public final class PhaseAccumulator {

    private final int tile;
    private final String workload;
    private final String metricUnit;
    private final Duration metricPeriod;
    private final Map<String, Histogram> latency = new HashMap<>();
    private final Map<String, Long> operationErrors = new HashMap<>();
    private final Map<String, Long> vmErrors = new TreeMap<>();
    private final Histogram lag = new Histogram(3);
    private Duration measured = Duration.ZERO;
    private long attempts;
    private long completed;
    private long errors;
    private long rollbacks;

    public PhaseAccumulator(int tile, String workload, String metricUnit, Duration metricPeriod) {
        this.tile = tile;
        this.workload = workload;
        this.metricUnit = metricUnit;
        this.metricPeriod = metricPeriod;
    }

    public void add(IntervalSnapshot snapshot, Duration plannedLength) {
        snapshot.latencyNanos().forEach((op, h) -> latency.computeIfAbsent(op, k -> new Histogram(3)).add(h));
        snapshot.errorsByOperation().forEach((op, n) -> operationErrors.merge(op, n, Long::sum));
        snapshot.errorsByVm().forEach((vm, n) -> vmErrors.merge(vm, n, Long::sum));
        lag.add(snapshot.scheduleLagNanos());
        // The planned length, not the wall-clock one: a late wake-up of the clock thread must not
        // stretch the denominator while the numerator counts the same orders.
        measured = measured.plus(plannedLength);
        attempts += snapshot.attempts();
        completed += snapshot.completed();
        errors += snapshot.errors();
        rollbacks += snapshot.rollbacks();
    }

    public WorkloadResult result() {
        return result(tile, workload, metricUnit, metricPeriod, measured, latency, operationErrors, attempts, completed,
                errors, rollbacks, lag, vmErrors);
    }

    /** One interval's or one phase's result, in the scoring module's terms (see {@link PhaseScoring}). */
    static WorkloadResult result(int tile, String workload, String metricUnit, Duration metricPeriod, Duration measured,
                                 Map<String, Histogram> latency, Map<String, Long> operationErrors, long attempts,
                                 long completed, long errors, long rollbacks, Histogram lag, Map<String, Long> vmErrors) {
        return PhaseScoring.workloadResult(tile, workload, metricUnit, metricPeriod, measured, latency, operationErrors,
                attempts, completed, errors, rollbacks, lag, vmErrors);
    }
}
