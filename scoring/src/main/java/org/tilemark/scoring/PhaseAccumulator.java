package org.tilemark.scoring;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * Adds up one tile's workload over the intervals of a phase: histograms merge losslessly, so a phase's
 * percentiles are those of all its requests, never a combination of interval percentiles. The live
 * run, {@code tilemark verify} and the report of an unscored bundle all add up intervals with this.
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
        this.workload = Require.nonBlank(workload, "workload");
        this.metricUnit = metricUnit;
        this.metricPeriod = Require.nonNull(metricPeriod, "metricPeriod");
    }

    /**
     * Adds an interval that lasted {@code length}, between its driver's cuts: the counts are of what completed
     * between them, so a cut the harness made late (a starved harness, past the cluster's limit) lengthens the
     * interval rather than raising its rate. Until 2026-11-29 this was the planned length, and an 8-tile step whose
     * cuts came up to 106 s late scored its application 19.0.
     */
    public void add(IntervalMeasure interval, Duration length) {
        interval.latencyNanos().forEach((op, h) -> latency.computeIfAbsent(op, k -> new Histogram(3)).add(h));
        interval.errorsByOperation().forEach((op, n) -> operationErrors.merge(op, n, Long::sum));
        interval.errorsByVm().forEach((vm, n) -> vmErrors.merge(vm, n, Long::sum));
        lag.add(interval.scheduleLagNanos());
        measured = measured.plus(length);
        attempts += interval.attempts();
        completed += interval.completed();
        errors += interval.errors();
        rollbacks += interval.rollbacks();
    }

    /** The phase's result so far. */
    public WorkloadResult result() {
        return result(tile, workload, metricUnit, metricPeriod, measured,
                new IntervalMeasure(latency, operationErrors, attempts, completed, errors, rollbacks, lag, vmErrors));
    }

    /** One interval's (or phase's) result of {@code length}: throughput is completed units per metric period. */
    public static WorkloadResult result(int tile, String workload, String metricUnit, Duration metricPeriod,
                                        Duration length, IntervalMeasure measure) {
        Map<String, OperationStats> operations = new TreeMap<>();
        TreeSet<String> names = new TreeSet<>(measure.latencyNanos().keySet());
        names.addAll(measure.errorsByOperation().keySet());
        for (String op : names) {
            AbstractHistogram h = measure.latencyNanos().containsKey(op) ? measure.latencyNanos().get(op) : new Histogram(3);
            operations.put(op, OperationStats.of(h, measure.errorsByOperation().getOrDefault(op, 0L)));
        }
        double throughput = length.isZero() ? 0 : Scoring.ratePer(measure.completed(), length, metricPeriod);
        AbstractHistogram lag = measure.scheduleLagNanos();
        double lagP99Ms = lag.getTotalCount() == 0 ? 0 : lag.getValueAtPercentile(99) / 1e6;
        return new WorkloadResult(tile, workload, metricUnit, throughput, length, operations, measure.attempts(),
                measure.errors(), measure.rollbacks(), lagP99Ms, measure.errorsByVm());
    }
}
