package org.tilemark.scoring;

/**
 * A confidence interval around a mean.
 *
 * @param level confidence level as a fraction, e.g. 0.95
 */
public record ConfidenceInterval(double low, double high, double level) {

    static final double LEVEL_95 = 0.95;

    /** Two-sided 97.5 % quantiles of Student's t for 1..30 degrees of freedom. */
    private static final double[] T_975_BY_DF = {Double.NaN,
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    public ConfidenceInterval {
        if (!Double.isFinite(low) || !Double.isFinite(high) || low > high) {
            throw new IllegalArgumentException("low and high must be finite with low <= high, were " + low + ", " + high);
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("level must be a fraction in (0, 1), was " + level);
        }
    }

    /**
     * 95 % Student-t interval of the mean of the samples, its low end clamped at 0 (scores are never
     * negative). With one sample there is no spread to measure, so the interval is that sample.
     */
    public static ConfidenceInterval of95(double... samples) {
        Require.nonNull(samples, "samples");
        int n = samples.length;
        if (n == 0) {
            throw new IllegalArgumentException("samples must not be empty");
        }
        for (double sample : samples) {
            Require.nonNegative(sample, "samples element");
        }
        if (n == 1) {
            return new ConfidenceInterval(samples[0], samples[0], LEVEL_95);
        }
        double mean = 0;
        for (double sample : samples) {
            mean += sample;
        }
        mean /= n;
        double squares = 0;
        for (double sample : samples) {
            squares += (sample - mean) * (sample - mean);
        }
        double standardError = Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
        double halfWidth = t975(n - 1) * standardError;
        return new ConfidenceInterval(Math.max(0, mean - halfWidth), mean + halfWidth, LEVEL_95);
    }

    /** t quantile; beyond the table the next smaller tabulated df is used, which widens (never narrows) it. */
    static double t975(int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degreesOfFreedom must be >= 1, was " + degreesOfFreedom);
        }
        if (degreesOfFreedom < T_975_BY_DF.length) {
            return T_975_BY_DF[degreesOfFreedom];
        } else if (degreesOfFreedom < 40) {
            return T_975_BY_DF[30];
        } else if (degreesOfFreedom < 60) {
            return 2.021;
        } else if (degreesOfFreedom < 120) {
            return 2.000;
        } else {
            return 1.980;
        }
    }
}
