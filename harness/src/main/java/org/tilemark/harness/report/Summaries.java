package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
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

    private static List<WorkloadSummary> fromScore(JsonNode score) {
        List<WorkloadSummary> result = new ArrayList<>();
        for (JsonNode phase : Json.array(score, "phases")) {
            int phaseNumber = (int) Json.longOr(phase, "phase", 0);
            for (JsonNode tile : Json.array(phase, "tiles")) {
                int tileNumber = (int) Json.longOr(tile, "tile", 0);
                for (JsonNode w : Json.array(tile, "workloads")) {
                    result.add(new WorkloadSummary(phaseNumber, tileNumber, Json.text(w, "workload"),
                            Json.text(w, "metric"), Json.dbl(w, "throughput"), Json.dbl(w, "reference"),
                            Json.dbl(w, "normalized"), Json.bool(w, "passed"), Json.strings(w, "reasons"),
                            Json.longOr(w, "attempts", 0), Json.longOr(w, "errors", 0),
                            Json.longOr(w, "rollbacks", 0), Json.dbl(w, "scheduleLagP99Ms"),
                            Json.operations(w), true, !Boolean.FALSE.equals(Json.bool(w, "scored"))));
                }
            }
        }
        return result;
    }

    private record Key(int phase, int tile, String workload) {
    }

    static List<WorkloadSummary> fromIntervals(List<IntervalRecord> intervals, Histograms logs) {
        Map<Key, List<IntervalRecord>> groups = new LinkedHashMap<>();
        intervals.stream().filter(i -> !i.isWarmup()).forEach(i ->
                groups.computeIfAbsent(new Key(i.phase(), i.tile(), i.workload()), k -> new ArrayList<>())
                        .add(i));
        return groups.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<Key, List<IntervalRecord>> e) -> e.getKey().phase())
                        .thenComparing(e -> e.getKey().tile()))
                .map(e -> summarize(e.getKey(), e.getValue(), logs)).toList();
    }

    private static WorkloadSummary summarize(Key key, List<IntervalRecord> group, Histograms logs) {
        Optional<WorkloadResult> merged = merged(key, group, logs);
        return new WorkloadSummary(key.phase(), key.tile(), key.workload(), group.getFirst().metric(),
                timeWeightedMean(group, IntervalRecord::throughput),
                timeWeightedMean(group, IntervalRecord::target), Double.NaN, null, List.of(),
                group.stream().mapToLong(IntervalRecord::attempts).sum(),
                group.stream().mapToLong(IntervalRecord::errors).sum(),
                group.stream().mapToLong(IntervalRecord::rollbacks).sum(),
                merged.map(WorkloadResult::scheduleLagP99Ms).orElse(Double.NaN), operations(group, merged), false, true);
    }

    /** Rates are averaged weighted by interval length so a short final interval counts less. */
    private static double timeWeightedMean(List<IntervalRecord> group,
                                           ToDoubleFunction<IntervalRecord> value) {
        double weighted = 0;
        double weights = 0;
        for (IntervalRecord interval : group) {
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
    private static Map<String, OperationStats> operations(List<IntervalRecord> group, Optional<WorkloadResult> merged) {
        Map<String, OperationStats> operations = new LinkedHashMap<>();
        if (merged.isPresent()) {
            merged.get().operations().forEach((name, s) -> operations.put(name, new OperationStats(s.count(), s.errors(),
                    s.meanMs(), s.p50Ms(), s.p90Ms(), s.p95Ms(), s.p99Ms(), s.maxMs())));
            return operations;
        }
        Map<String, List<OperationStats>> byOperation = new TreeMap<>();
        group.forEach(i -> i.operations().forEach((name, stats) ->
                byOperation.computeIfAbsent(name, n -> new ArrayList<>()).add(stats)));
        byOperation.forEach((name, list) -> operations.put(name, new OperationStats(
                list.stream().mapToLong(OperationStats::count).sum(), list.stream().mapToLong(OperationStats::errors).sum(),
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN)));
        return operations;
    }

    /** The phase added up by scoring's accumulator from the logged histograms; empty when one is missing. */
    private static Optional<WorkloadResult> merged(Key key, List<IntervalRecord> group, Histograms logs) {
        Optional<Map<Long, Map<String, Histogram>>> log = logs.of(key.tile(), key.workload());
        if (log.isEmpty()) {
            return Optional.empty();
        }
        // Throughput is taken from the lines (older bundles lack 'completed'); the period is not used.
        PhaseAccumulator phase = new PhaseAccumulator(key.tile(), key.workload(), group.getFirst().metric(),
                Duration.ofMinutes(1));
        for (IntervalRecord interval : group) {
            Map<String, Histogram> logged = intervalAt(log.get(), interval.start().toEpochMilli());
            if (logged == null) {
                return Optional.empty();
            }
            Map<String, Histogram> latency = new LinkedHashMap<>(logged);
            Histogram lag = latency.remove(HistogramLog.SCHEDULE_LAG);
            Map<String, Long> operationErrors = new LinkedHashMap<>();
            interval.operations().forEach((name, stats) -> operationErrors.put(name, stats.errors()));
            phase.add(new IntervalMeasure(latency, operationErrors, interval.attempts(), 0, interval.errors(),
                    interval.rollbacks(), lag == null ? new Histogram(3) : lag, interval.errorsByVm()),
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
