package org.tilemark.workloads.mail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/** Picks one of several values with probability proportional to its weight. */
final class WeightedChoice<T> {

    private final List<T> values = new ArrayList<>();
    private final double[] cumulative;

    WeightedChoice(Map<T, Double> weights) {
        cumulative = new double[weights.size()];
        double total = 0;
        for (Map.Entry<T, Double> entry : weights.entrySet()) {
            double weight = entry.getValue();
            if (!(weight >= 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("weight of " + entry.getKey() + " must be a finite number >= 0, not " + weight);
            }
            total += weight;
            cumulative[values.size()] = total;
            values.add(entry.getKey());
        }
        if (!(total > 0)) {
            throw new IllegalArgumentException("at least one weight must be > 0: " + weights);
        }
    }

    T pick(RandomGenerator random) {
        double point = random.nextDouble() * cumulative[cumulative.length - 1];
        for (int i = 0; i < cumulative.length; i++) {
            if (point < cumulative[i]) {
                return values.get(i);
            }
        }
        return values.getLast();
    }
}
