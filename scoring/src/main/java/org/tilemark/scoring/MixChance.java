package org.tilemark.scoring;

import org.apache.commons.math3.special.Beta;

/**
 * How likely a faithful driver is to produce an operation count at least as far from its target as the
 * one measured: the exact two-sided binomial tail, {@code 2 min(P(X <= k), P(X >= k))}, capped at 1.
 *
 * <p>Operations drawn from a Markov chain are correlated, so a count varies {@code f} times as much as
 * that of independent draws ({@code f}, the variance factor, is the chain's). The count is judged as a
 * binomial of {@code n / f} trials with {@code k / f} successes, which has the chain's mean share and
 * variance and the binomial's skew for rare operations. The tails are the regularized incomplete beta
 * function, which also gives the binomial's tails at fractional counts:
 * {@code P(X >= k) = I_p(k, n − k + 1)}, {@code P(X <= k) = I_{1−p}(n − k, k + 1)}.
 */
final class MixChance {

    private MixChance() {
    }

    /** The two-sided tail probability of {@code count} of {@code total} at target share {@code p}, in [0, 1]. */
    static double twoSided(long count, long total, double p, double varianceFactor) {
        double n = total / varianceFactor;
        double k = count / varianceFactor;
        // Whole counts, rounded towards the target: the exact test's tails include the count itself, so a
        // scaled count is judged as the nearer whole count (never less likely than its fraction).
        double upper = Math.floor(k);
        double lower = Math.ceil(k);
        double atMost = lower >= n ? 1 : Beta.regularizedBeta(1 - p, n - lower, lower + 1);
        double atLeast = upper <= 0 ? 1 : Beta.regularizedBeta(p, upper, n - upper + 1);
        return Math.min(1, 2 * Math.min(atMost, atLeast));
    }
}
