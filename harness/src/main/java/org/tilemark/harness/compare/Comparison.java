package org.tilemark.harness.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * B against A over all their repetitions: every metric both sides recorded, its samples pooled over
 * the repetitions of a side, compared with Welch's test. The score is the one pre-declared metric,
 * judged at the plain level; the many other metrics are judged with Holm's correction so that two
 * identical configurations do not "differ" in one metric out of twenty by chance.
 */
record Comparison(List<RunSamples> a, List<RunSamples> b, List<MetricDelta> deltas, double level) {

    static final String PRIMARY = "score";

    Comparison {
        a = List.copyOf(a);
        b = List.copyOf(b);
        deltas = List.copyOf(deltas);
    }

    static Comparison of(List<RunSamples> a, List<RunSamples> b, double level) {
        Map<String, MetricSamples> pooledA = pooled(a);
        Map<String, MetricSamples> pooledB = pooled(b);
        List<MetricDelta> deltas = new ArrayList<>();
        pooledA.forEach((key, samplesA) -> {
            MetricSamples samplesB = pooledB.get(key);
            if (samplesB != null) {
                deltas.add(MetricDelta.of(samplesA, samplesB, level));
            }
        });
        return new Comparison(a, b, holm(deltas, 1 - level), level);
    }

    private static Map<String, MetricSamples> pooled(List<RunSamples> runs) {
        Map<String, MetricSamples> pooled = new LinkedHashMap<>();
        runs.forEach(run -> run.metrics().forEach(m -> pooled.merge(m.key(), m, MetricSamples::plus)));
        return pooled;
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
