package org.tilemark.harness.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * B against A over all their repetitions: every metric both sides recorded, one sample per run when
 * both sides have at least two runs (runs are independent; the phases of one run are not), else one
 * per measured phase, compared with Welch's test;
 * metrics only one side recorded are named ({@code onlyA}, {@code onlyB}), not dropped. The score is the one pre-declared metric,
 * judged at the plain level; the many other metrics are judged with Holm's correction so that two
 * identical configurations do not "differ" in one metric out of twenty by chance.
 */
record Comparison(List<RunSamples> a, List<RunSamples> b, List<MetricDelta> deltas, double level,
                  List<String> onlyA, List<String> onlyB) {

    static final String PRIMARY = "score";
    /** The statistical unit when both sides have at least two runs: each run's mean is one sample. */
    static final String RUN = "run";

    Comparison {
        a = List.copyOf(a);
        b = List.copyOf(b);
        deltas = List.copyOf(deltas);
        onlyA = List.copyOf(onlyA);
        onlyB = List.copyOf(onlyB);
    }

    static Comparison of(List<RunSamples> a, List<RunSamples> b, double level) {
        // Runs are independent; phases of one run share its drift, so they stand in only when a side has one run.
        boolean perRun = a.size() >= 2 && b.size() >= 2;
        Map<String, MetricSamples> pooledA = pooled(a, perRun);
        Map<String, MetricSamples> pooledB = pooled(b, perRun);
        List<MetricDelta> deltas = new ArrayList<>();
        pooledA.forEach((key, samplesA) -> {
            MetricSamples samplesB = pooledB.get(key);
            if (samplesB != null) {
                deltas.add(MetricDelta.of(samplesA, samplesB, level));
            }
        });
        return new Comparison(a, b, holm(deltas, 1 - level), level, oneSided(pooledA, pooledB), oneSided(pooledB, pooledA));
    }

    /** The labels of the metrics {@code side} recorded and {@code other} did not. */
    private static List<String> oneSided(Map<String, MetricSamples> side, Map<String, MetricSamples> other) {
        return side.values().stream().filter(m -> !other.containsKey(m.key())).map(MetricSamples::label).toList();
    }

    private static Map<String, MetricSamples> pooled(List<RunSamples> runs, boolean perRun) {
        Map<String, MetricSamples> pooled = new LinkedHashMap<>();
        runs.forEach(run -> run.metrics().forEach(m -> pooled.merge(m.key(), perRun ? m.runMean() : m, MetricSamples::plus)));
        return pooled;
    }

    /** Whether each run is one sample (both sides have at least two), rather than each phase. */
    boolean perRun() {
        return a.size() >= 2 && b.size() >= 2;
    }

    /**
     * The score is significant when its interval excludes zero; the other judged metrics by Holm's
     * step-down procedure at family error rate {@code alpha}.
     */
    private static List<MetricDelta> holm(List<MetricDelta> deltas, double alpha) {
        List<MetricDelta> family = deltas.stream()
                .filter(d -> !d.key().equals(PRIMARY) && d.judgedByDirection() && d.difference().testable())
                .sorted(Comparator.comparingDouble(d -> d.difference().pValue())).toList();
        List<String> significant = new ArrayList<>();
        for (int rank = 0; rank < family.size(); rank++) {
            if (family.get(rank).difference().pValue() > alpha / (family.size() - rank)) {
                break;
            }
            significant.add(family.get(rank).key());
        }
        return deltas.stream().map(d -> d.judged(d.key().equals(PRIMARY)
                ? d.difference().testable() && d.difference().pValue() < alpha
                : significant.contains(d.key()))).toList();
    }

    /** The tile scales {@code runs} ran at, each once, in order. */
    static List<Double> tileScales(List<RunSamples> runs) {
        return runs.stream().map(RunSamples::tileScale).distinct().toList();
    }

    /** Whether every run of A and B offered the same load per tile: otherwise the comparison is not like for like. */
    boolean sameTileScale() {
        return tileScales(Stream.concat(a.stream(), b.stream()).toList()).size() == 1;
    }

    Optional<MetricDelta> score() {
        return find(PRIMARY);
    }

    Optional<MetricDelta> find(String key) {
        return deltas.stream().filter(d -> d.key().equals(key)).findFirst();
    }

    /** Significant metrics other than the score, largest relative change first. */
    List<MetricDelta> movedMetrics() {
        return deltas.stream().filter(d -> d.significant() && !d.key().equals(PRIMARY))
                .sorted(Comparator.comparingDouble((MetricDelta d) -> -Math.abs(d.difference().percent())))
                .toList();
    }

    CompareVerdict verdict() {
        return CompareVerdict.of(this);
    }
}
