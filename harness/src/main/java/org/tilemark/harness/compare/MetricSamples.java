package org.tilemark.harness.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The samples of one metric from one or more runs, with what one sample is ({@code sampledPer}:
 * "phase", "measured interval", "operation", "run") so the output can say what the statistics rest on.
 */
record MetricSamples(String key, String label, String unit, Better better, String sampledPer, List<Double> values) {

    /** Which direction is good for B; NEITHER for metrics reported but not judged (CPU use). */
    enum Better { HIGHER, LOWER, NEITHER }

    MetricSamples {
        values = List.copyOf(values);
    }

    /** This run's samples as one: the unit when each side has several runs. */
    MetricSamples runMean() {
        return new MetricSamples(key, label, unit, better, Comparison.RUN, List.of(mean(values, better)));
    }

    /** The arithmetic mean, or for times (lower is better, compared as ratios) the geometric mean. */
    static double mean(List<Double> values, Better better) {
        if (better == Better.LOWER && values.stream().allMatch(v -> v > 0)) {
            return Math.exp(values.stream().mapToDouble(Math::log).average().orElseThrow());
        }
        return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    /** The same metric with another run's samples appended (repetitions pool their samples). */
    MetricSamples plus(MetricSamples other) {
        List<Double> all = new ArrayList<>(values);
        all.addAll(other.values);
        return new MetricSamples(key, label, unit, better, sampledPer, all);
    }
}
