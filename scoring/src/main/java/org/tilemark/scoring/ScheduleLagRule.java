package org.tilemark.scoring;

import java.time.Duration;

/**
 * The driver must keep up with its plan: p99 of schedule lag (actual minus intended start) within a
 * limit. A driver that falls behind silently lowers the load, so its latencies would flatter the system.
 */
public record ScheduleLagRule(Duration maxP99Lag) implements QosRule {

    public ScheduleLagRule {
        Require.nonNegative(maxP99Lag, "maxP99Lag");
    }

    @Override
    public QosCheck check(WorkloadResult result) {
        Require.nonNull(result, "result");
        double limitMs = Decimals.toMillis(maxP99Lag);
        boolean passed = result.scheduleLagP99Ms() <= limitMs;
        return new QosCheck(this, passed, "p99 schedule lag = " + Decimals.ms(result.scheduleLagP99Ms())
                + (passed ? " <= " : " > ") + Decimals.ms(limitMs));
    }

    @Override
    public String describe() {
        return "p99 schedule lag <= " + Decimals.ms(Decimals.toMillis(maxP99Lag));
    }
}
