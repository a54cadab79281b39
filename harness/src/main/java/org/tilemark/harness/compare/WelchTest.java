package org.tilemark.harness.compare;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Welch's unequal-variance t-test and the confidence interval of the difference of two means (B − A).
 * Welch rather than Student because a slower datastore changes the spread as well as the mean.
 */
final class WelchTest {
    static final double LEVEL_95 = 0.95;

    private WelchTest() {
    }

    /**
     * The difference of the means of {@code b} and {@code a}. With fewer than two samples on a side
     * there is no spread to judge noise by: the interval is NaN and the p-value 1 (never significant).
     */
    static Difference of(List<Double> a, List<Double> b, double level) {
        double meanA = mean(a);
        double meanB = mean(b);
        double diff = meanB - meanA;
        if (a.size() < 2 || b.size() < 2 || !Double.isFinite(diff)) {
            return new Difference(meanA, meanB, a.size(), b.size(), spread(a, meanA), spread(b, meanB),
                    Double.NaN, Double.NaN, Double.NaN, 1.0, level);
        }
        double termA = variance(a, meanA) / a.size();
        double termB = variance(b, meanB) / b.size();
        double standardError = Math.sqrt(termA + termB);
        if (standardError == 0) {
            // Both sides constant: identical means are no difference, different ones are certain.
            return new Difference(meanA, meanB, a.size(), b.size(), 0, 0, diff, diff, Double.POSITIVE_INFINITY,
                    diff == 0 ? 1.0 : 0.0, level);
        }
        // Welch–Satterthwaite degrees of freedom.
        double df = (termA + termB) * (termA + termB)
                / (termA * termA / (a.size() - 1) + termB * termB / (b.size() - 1));
        TDistribution t = new TDistribution(null, df);
        double halfWidth = t.inverseCumulativeProbability(0.5 + level / 2) * standardError;
        double p = 2 * t.cumulativeProbability(-Math.abs(diff) / standardError);
        return new Difference(meanA, meanB, a.size(), b.size(), spread(a, meanA), spread(b, meanB),
                diff - halfWidth, diff + halfWidth, df, p, level);
    }

    /**
     * The same test on the logarithms: for times (latencies, durations), whose noise is multiplicative
     * and whose outliers are long, a ratio is the natural measure ("+85 %") and the log scale tames the
     * tail. Means become geometric means; the interval and the spreads are turned back into the units
     * of A's geometric mean, so percent() and its ends read as ratios. Non-positive samples are dropped.
     */
    static Difference ofRatios(List<Double> a, List<Double> b, double level) {
        Difference log = of(logs(a), logs(b), level);
        double geometricA = Math.exp(log.meanA());
        double geometricB = Math.exp(log.meanB());
        return new Difference(geometricA, geometricB, log.samplesA(), log.samplesB(),
                geometricA * Math.expm1(log.sdA()), geometricB * Math.expm1(log.sdB()),
                geometricA * Math.expm1(log.low()), geometricA * Math.expm1(log.high()),
                log.degreesOfFreedom(), log.pValue(), level);
    }

    private static List<Double> logs(List<Double> values) {
        return values.stream().filter(v -> v > 0).map(Math::log).toList();
    }

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Sample standard deviation; 0 for a single sample. */
    private static double spread(List<Double> values, double mean) {
        return values.size() < 2 ? 0 : Math.sqrt(variance(values, mean));
    }

    private static double variance(List<Double> values, double mean) {
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return squares / (values.size() - 1);
    }

    /**
     * B − A with the sides' standard deviations, its confidence interval [low, high] at {@code level},
     * Welch's degrees of freedom and the two-sided p-value of "the means are equal".
     */
    record Difference(double meanA, double meanB, int samplesA, int samplesB, double sdA, double sdB,
                      double low, double high,
                      double degreesOfFreedom, double pValue, double level) {

        double difference() {
            return meanB - meanA;
        }

        boolean testable() {
            return !Double.isNaN(low);
        }

        /** The difference relative to A's mean, in percent (NaN when A's mean is 0). */
        double percent() {
            return relative(difference());
        }

        /** The interval's ends relative to A's mean: A's mean taken as exact, which slightly narrows it. */
        double percentLow() {
            return relative(low);
        }

        double percentHigh() {
            return relative(high);
        }

        private double relative(double value) {
            return meanA == 0 ? Double.NaN : 100 * value / Math.abs(meanA);
        }
    }
}
