package org.tilemark.harness.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per metric, the values of each measured phase (its intervals and tiles, or its operations), reduced
 * to one sample per phase ({@link MetricSamples#mean}).
 */
final class PhaseMeans {

    private final Map<String, MetricSamples> metrics = new LinkedHashMap<>();
    /** metric key -> phase -> values. */
    private final Map<String, Map<Integer, List<Double>>> values = new LinkedHashMap<>();

    /** One value of a phase; NaN (not recorded) is left out. */
    void add(int phase, MetricSamples metric, double value) {
        if (Double.isNaN(value)) {
            return;
        }
        metrics.putIfAbsent(metric.key(), metric);
        values.computeIfAbsent(metric.key(), k -> new TreeMap<>()).computeIfAbsent(phase, p -> new ArrayList<>())
                .add(value);
    }

    void addTo(Map<String, MetricSamples> samples) {
        metrics.forEach((key, metric) -> {
            List<Double> means = new ArrayList<>();
            values.get(key).values().forEach(phase -> means.add(MetricSamples.mean(phase, metric.better())));
            samples.merge(key, new MetricSamples(key, metric.label(), metric.unit(), metric.better(), metric.sampledPer(),
                    means), MetricSamples::plus);
        });
    }
}
