package org.tilemark.harness.report;

import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.harness.bundle.IntervalLine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.tilemark.harness.bundle.HistogramLog;
import org.tilemark.scoring.IntervalMeasure;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PhaseAccumulator;
import org.tilemark.scoring.WorkloadResult;

/** Per phase × tile × workload results, preferring the scorer's numbers over re-derived ones. */
final class Summaries {
    private Summaries() {
    }

    static List<WorkloadSummary> of(BundleContents bundle) {
        List<WorkloadSummary> scored = bundle.score().map(Summaries::fromScore).orElse(List.of());
        return scored.isEmpty() ? fromIntervals(bundle.intervals(), bundle::histograms) : scored;
    }

    private static List<WorkloadSummary> fromScore(ScoreFile score) {
        List<WorkloadSummary> result = new ArrayList<>();
        for (ScoreFile.Phase phase : score.phases()) {
            for (ScoreFile.Tile tile : phase.tiles()) {
                for (ScoreFile.Workload w : tile.workloads()) {
                    Measured m = w.measured();
                    result.add(new WorkloadSummary(phase.phase(), tile.tile(), w.workload(), m.metric(), m.throughput(),
                            w.reference(), w.normalized(), w.passed(), w.reasons(), m.attempts(), m.errors(), m.rollbacks(),
                            m.scheduleLagP99Ms(), m.operations(), true, w.scored()));
                }
            }
        }
        return result;
    }

    private record Key(int phase, int tile, String workload) {
    }

    static List<WorkloadSummary> fromIntervals(List<IntervalLine> intervals, Histograms logs) {
        Map<Key, List<IntervalLine>> groups = new LinkedHashMap<>();
        intervals.stream().filter(i -> !i.warmup()).forEach(i ->
                groups.computeIfAbsent(new Key(i.phase(), i.tile(), i.workload()), k -> new ArrayList<>())
                        .add(i));
        return groups.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<Key, List<IntervalLine>> e) -> e.getKey().phase())
                        .thenComparing(e -> e.getKey().tile()))
                .map(e -> summarize(e.getKey(), e.getValue(), logs)).toList();
    }

    private static WorkloadSummary summarize(Key key, List<IntervalLine> group, Histograms logs) {
        Optional<WorkloadResult> merged = merged(key, group, logs);
        return new WorkloadSummary(key.phase(), key.tile(), key.workload(), group.getFirst().measured().metric(),
                timeWeightedMean(group, i -> i.measured().throughput()),
                timeWeightedMean(group, IntervalLine::target), Double.NaN, null, List.of(),
                group.stream().mapToLong(i -> i.measured().attempts()).sum(),
                group.stream().mapToLong(i -> i.measured().errors()).sum(),
                group.stream().mapToLong(i -> i.measured().rollbacks()).sum(),
                merged.map(WorkloadResult::scheduleLagP99Ms).orElse(Double.NaN), operations(group, merged), false, true);
    }

    /** Rates are averaged weighted by interval length so a short final interval counts less. */
    private static double timeWeightedMean(List<IntervalLine> group,
                                           ToDoubleFunction<IntervalLine> value) {
        double weighted = 0;
        double weights = 0;
        for (IntervalLine interval : group) {
            double v = value.applyAsDouble(interval);
            if (Double.isNaN(v)) {
                continue;
            }
            double weight = interval.durationMs() > 0 ? interval.durationMs() : 1;
            weighted += v * weight;
            weights += weight;
        }
        return weights == 0 ? Double.NaN : weighted / weights;
    }

    /**
     * A phase's operations from its intervals' histograms, merged (percentiles of intervals cannot be
     * combined); without the histograms of every interval, the counts are summed and the latencies unknown.
     */
    private static Map<String, OperationStats> operations(List<IntervalLine> group, Optional<WorkloadResult> merged) {
        Map<String, OperationStats> operations = new LinkedHashMap<>();
        if (merged.isPresent()) {
            merged.get().operations().forEach((name, s) -> operations.put(name, Measured.rounded(s)));
            return operations;
        }
        Map<String, List<OperationStats>> byOperation = new TreeMap<>();
        group.forEach(i -> i.measured().operations().forEach((name, stats) ->
                byOperation.computeIfAbsent(name, n -> new ArrayList<>()).add(stats)));
        byOperation.forEach((name, list) -> operations.put(name, OperationStats.countsOnly(
                list.stream().mapToLong(OperationStats::count).sum(), list.stream().mapToLong(OperationStats::errors).sum())));
        return operations;
    }

    /** The phase added up by scoring's accumulator from the logged histograms; empty when one is missing. */
    private static Optional<WorkloadResult> merged(Key key, List<IntervalLine> group, Histograms logs) {
        Optional<Map<Long, Map<String, Histogram>>> log = logs.of(key.tile(), key.workload());
        if (log.isEmpty()) {
            return Optional.empty();
        }
        // Throughput is taken from the lines (older bundles lack 'completed'); the period is not used.
        PhaseAccumulator phase = new PhaseAccumulator(key.tile(), key.workload(), group.getFirst().measured().metric(),
                Duration.ofMinutes(1));
        for (IntervalLine interval : group) {
            Map<String, Histogram> logged = intervalAt(log.get(), interval.startsAt().toEpochMilli());
            if (logged == null) {
                return Optional.empty();
            }
            Map<String, Histogram> latency = new LinkedHashMap<>(logged);
            Histogram lag = latency.remove(HistogramLog.SCHEDULE_LAG);
            Map<String, Long> operationErrors = new LinkedHashMap<>();
            interval.measured().operations().forEach((name, stats) -> operationErrors.put(name, stats.errors()));
            phase.add(new IntervalMeasure(latency, operationErrors, interval.measured().attempts(), 0, interval.measured().errors(),
                    interval.measured().rollbacks(), lag == null ? new Histogram(3) : lag, interval.measured().errorsByVm()),
                    Duration.ofMillis(interval.durationMs()));
        }
        return Optional.of(phase.result());
    }

    /** The log stores seconds with three decimals, so a start read back may be off by one millisecond. */
    private static Map<String, Histogram> intervalAt(Map<Long, Map<String, Histogram>> log, long startMs) {
        for (long at : new long[] {startMs, startMs - 1, startMs + 1}) {
            if (log.containsKey(at)) {
                return log.get(at);
            }
        }
        return null;
    }

    /** The interval histograms of one tile's workload, as {@link BundleContents#histograms} reads them. */
    interface Histograms {
        Optional<Map<Long, Map<String, Histogram>>> of(int tile, String workload);
    }
}
