package org.tilemark.scoring;

import java.time.Duration;

/**
 * A latency percentile of one operation must stay within a limit. By default an operation that is
 * missing or has no samples fails: silence is not speed. A rare operation whose presence another rule
 * already checks (Olio's AddPerson, 0.8 % of a mix rule's operations) may be {@code optional}: with no
 * samples in a phase there is no latency to judge, and the rule passes saying so.
 *
 * @param percentile 50, 90, 95 or 99 (the percentiles {@link OperationStats} keeps)
 * @param optional   whether an operation with no samples passes instead of failing
 */
public record PercentileRule(String operation, double percentile, Duration limit, boolean optional) implements QosRule {

    public PercentileRule {
        Require.nonBlank(operation, "operation");
        if (!OperationStats.isSupportedPercentile(percentile)) {
            throw new IllegalArgumentException("percentile must be one of 50, 90, 95, 99, was " + percentile);
        }
        Require.nonNegative(limit, "limit");
    }

    /** A rule that fails when the operation has no samples. */
    public PercentileRule(String operation, double percentile, Duration limit) {
        this(operation, percentile, limit, false);
    }

    @Override
    public QosCheck check(WorkloadResult result) {
        Require.nonNull(result, "result");
        OperationStats stats = result.operations().get(operation);
        if (stats == null || stats.count() == 0) {
            String what = stats == null ? ": not measured" : ": no samples";
            return new QosCheck(this, optional, operation + what + (optional ? " (optional: nothing to judge)" : ""));
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
