package org.tilemark.harness.compare;

import org.tilemark.harness.compare.MetricSamples.Better;

/**
 * One metric of B against A: the difference of the means with its interval, and whether it counts
 * as significant after the comparison's correction for testing many metrics at once.
 */
record MetricDelta(String key, String label, String unit, Better better, String sampledPer,
                   WelchTest.Difference difference, boolean significant) {

    /** Lower-is-better metrics are times (latencies, durations): compared as ratios, on a log scale. */
    static MetricDelta of(MetricSamples a, MetricSamples b, double level) {
        WelchTest.Difference difference = a.better() == Better.LOWER
                ? WelchTest.ofRatios(a.values(), b.values(), level)
                : WelchTest.of(a.values(), b.values(), level);
        return new MetricDelta(a.key(), a.label(), a.unit(), a.better(), a.sampledPer(), difference, false);
    }

    /** "geometric" for times compared as ratios, else "arithmetic". */
    String meanKind() {
        return better == Better.LOWER ? "geometric" : "arithmetic";
    }

    MetricDelta judged(boolean isSignificant) {
        return new MetricDelta(key, label, unit, better, sampledPer, difference, isSignificant);
    }

    /** Whether the difference is in B's disfavour (slower, lower throughput, longer operations). */
    boolean worseForB() {
        double diff = difference.difference();
        return (better == Better.HIGHER && diff < 0) || (better == Better.LOWER && diff > 0);
    }

    boolean judgedByDirection() {
        return better != Better.NEITHER;
    }

    /** "dvdstore p95 purchase +85 %" */
    String shortText() {
        return label + " " + Percent.signed(difference.percent());
    }
}
