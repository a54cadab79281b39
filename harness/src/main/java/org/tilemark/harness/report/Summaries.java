package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/** Per phase × tile × workload results, preferring the scorer's numbers over re-derived ones. */
final class Summaries {
    private Summaries() {
    }

    static List<WorkloadSummary> of(BundleContents bundle) {
        List<WorkloadSummary> scored = bundle.score().map(Summaries::fromScore).orElse(List.of());
        return scored.isEmpty() ? fromIntervals(bundle.intervals()) : scored;
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

    static List<WorkloadSummary> fromIntervals(List<IntervalRecord> intervals) {
        Map<Key, List<IntervalRecord>> groups = new LinkedHashMap<>();
        intervals.stream().filter(i -> !i.isWarmup()).forEach(i ->
                groups.computeIfAbsent(new Key(i.phase(), i.tile(), i.workload()), k -> new ArrayList<>())
                        .add(i));
        return groups.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<Key, List<IntervalRecord>> e) -> e.getKey().phase())
                        .thenComparing(e -> e.getKey().tile()))
                .map(e -> summarize(e.getKey(), e.getValue())).toList();
    }

    private static WorkloadSummary summarize(Key key, List<IntervalRecord> group) {
        return new WorkloadSummary(key.phase(), key.tile(), key.workload(), group.getFirst().metric(),
                timeWeightedMean(group, IntervalRecord::throughput),
                timeWeightedMean(group, IntervalRecord::target), Double.NaN, null, List.of(),
                group.stream().mapToLong(IntervalRecord::attempts).sum(),
                group.stream().mapToLong(IntervalRecord::errors).sum(),
                group.stream().mapToLong(IntervalRecord::rollbacks).sum(),
                group.stream().mapToDouble(IntervalRecord::scheduleLagP99Ms).filter(v -> !Double.isNaN(v))
                        .max().orElse(Double.NaN),
                mergeOperations(group), false, true);
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

    /** Counts and mean merge exactly; percentiles become the maximum over intervals (upper bound). */
    static Map<String, OperationStats> mergeOperations(List<IntervalRecord> group) {
        Map<String, List<OperationStats>> byOperation = new TreeMap<>();
        group.forEach(i -> i.operations().forEach((name, stats) ->
                byOperation.computeIfAbsent(name, n -> new ArrayList<>()).add(stats)));
        Map<String, OperationStats> merged = new LinkedHashMap<>();
        byOperation.forEach((name, list) -> merged.put(name, merge(list)));
        return merged;
    }

    private static OperationStats merge(List<OperationStats> list) {
        long count = list.stream().mapToLong(OperationStats::count).sum();
        long errors = list.stream().mapToLong(OperationStats::errors).sum();
        double meanSum = 0;
        long meanCount = 0;
        for (OperationStats s : list) {
            if (!Double.isNaN(s.meanMs()) && s.count() > 0) {
                meanSum += s.meanMs() * s.count();
                meanCount += s.count();
            }
        }
        return new OperationStats(count, errors, meanCount == 0 ? Double.NaN : meanSum / meanCount,
                max(list, OperationStats::p50Ms), max(list, OperationStats::p90Ms),
                max(list, OperationStats::p95Ms), max(list, OperationStats::p99Ms),
                max(list, OperationStats::maxMs));
    }

    private static double max(List<OperationStats> list,
                              ToDoubleFunction<OperationStats> value) {
        return list.stream().filter(s -> s.count() > 0).mapToDouble(value)
                .filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }
}
