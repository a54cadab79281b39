package org.tilemark.scoring;

import java.time.Duration;

/**
 * A latency percentile of one operation must stay within a limit. An operation that is missing or has
 * no samples fails: silence is not speed.
 *
 * @param percentile 50, 90, 95 or 99 (the percentiles {@link OperationStats} keeps)
 */
public record PercentileRule(String operation, double percentile, Duration limit) implements QosRule {

    public PercentileRule {
        Require.nonBlank(operation, "operation");
        if (!OperationStats.isSupportedPercentile(percentile)) {
            throw new IllegalArgumentException("percentile must be one of 50, 90, 95, 99, was " + percentile);
        }
        Require.nonNegative(limit, "limit");
    }

    @Override
    public QosCheck check(WorkloadResult result) {
        Require.nonNull(result, "result");
        OperationStats stats = result.operations().get(operation);
        if (stats == null) {
            return new QosCheck(this, false, operation + ": not measured");
        }
        if (stats.count() == 0) {
            return new QosCheck(this, false, operation + ": no samples");
        }
        double measuredMs = stats.percentileMs(percentile);
        double limitMs = Decimals.toMillis(limit);
        boolean passed = measuredMs <= limitMs;
        return new QosCheck(this, passed, Decimals.percentileName(percentile) + " of " + operation + " = "
                + Decimals.ms(measuredMs) + (passed ? " <= " : " > ") + Decimals.ms(limitMs));
    }

    @Override
    public String describe() {
        return Decimals.percentileName(percentile) + " of " + operation + " <= " + Decimals.ms(Decimals.toMillis(limit));
    }
}
