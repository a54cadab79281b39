package org.tilemark.scoring;

import org.HdrHistogram.AbstractHistogram;

/**
 * Latency and outcome of one operation over some period (an interval or a whole phase): the one type of
 * this fact, in scoring's results, the bundle's {@code operations} and the report. It carries no name:
 * wherever it is kept, it is kept under its operation's name (as the bundle writes it).
 *
 * @param count     latency samples (completed requests) in the source histogram
 * @param errors    failed requests of this operation, counted by the driver next to the histogram
 * @param meanMs    mean latency, milliseconds from the intended start
 * @param maxMs     largest latency recorded (histogram precision), milliseconds
 */
public record OperationStats(long count, long errors, double meanMs, double p50Ms, double p90Ms, double p95Ms,
        double p99Ms, double maxMs) {

    private static final double NANOS_PER_MS = 1_000_000.0;

    /**
     * The latencies are either all known (finite, >= 0) or all NaN: {@link #countsOnly counts without latencies}.
     */
    public OperationStats {
        Require.nonNegative(count, "count");
        Require.nonNegative(errors, "errors");
        if (!(Double.isNaN(meanMs) && Double.isNaN(p50Ms) && Double.isNaN(p90Ms) && Double.isNaN(p95Ms)
                && Double.isNaN(p99Ms) && Double.isNaN(maxMs))) {
            Require.nonNegative(meanMs, "meanMs");
            Require.nonNegative(p50Ms, "p50Ms");
            Require.nonNegative(p90Ms, "p90Ms");
            Require.nonNegative(p95Ms, "p95Ms");
            Require.nonNegative(p99Ms, "p99Ms");
            Require.nonNegative(maxMs, "maxMs");
        }
    }

    /**
     * Stats from a histogram of latencies in nanoseconds. An empty histogram gives count 0 and all
     * latencies 0 (QoS rules treat "no samples" as a failure, not as fast).
     */
    public static OperationStats of(AbstractHistogram latencyNanos, long errors) {
        Require.nonNull(latencyNanos, "latencyNanos");
        long count = latencyNanos.getTotalCount();
        if (count == 0) {
            return new OperationStats(0, errors, 0, 0, 0, 0, 0, 0);
        }
        return new OperationStats(count, errors,
                latencyNanos.getMean() / NANOS_PER_MS,
                atPercentile(latencyNanos, 50),
                atPercentile(latencyNanos, 90),
                atPercentile(latencyNanos, 95),
                atPercentile(latencyNanos, 99),
                latencyNanos.getMaxValue() / NANOS_PER_MS);
    }

    /**
     * Counts without latencies (NaN): what adding up intervals gives when their histograms are missing.
     * Never scored: a {@link WorkloadResult} refuses it.
     */
    public static OperationStats countsOnly(long count, long errors) {
        return new OperationStats(count, errors, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN);
    }

    /** False for {@link #countsOnly counts without latencies}. */
    public boolean hasLatencies() {
        return !Double.isNaN(meanMs);
    }

    /** The stored percentile; only 50, 90, 95 and 99 are kept, anything else is rejected. */
    public double percentileMs(double percentile) {
        if (percentile == 50) {
            return p50Ms;
        } else if (percentile == 90) {
            return p90Ms;
        } else if (percentile == 95) {
            return p95Ms;
        } else if (percentile == 99) {
            return p99Ms;
        }
        throw new IllegalArgumentException("percentile must be one of 50, 90, 95, 99, was " + percentile);
    }

    /** True for the percentiles {@link #percentileMs} can answer. */
    public static boolean isSupportedPercentile(double percentile) {
        return percentile == 50 || percentile == 90 || percentile == 95 || percentile == 99;
    }

    private static double atPercentile(AbstractHistogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / NANOS_PER_MS;
    }
}
