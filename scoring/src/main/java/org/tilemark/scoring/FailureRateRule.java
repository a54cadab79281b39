package org.tilemark.scoring;

/**
 * Failed work, as a share of attempted work, must stay within a limit: (errors [+ rollbacks]) / attempts.
 * A result with no attempts fails, since nothing shows the workload worked.
 *
 * @param maxPercent     largest allowed share, 0..100
 * @param countRollbacks whether rollbacks count as failures (DVD Store counts them)
 */
public record FailureRateRule(double maxPercent, boolean countRollbacks) implements QosRule {

    public FailureRateRule {
        Require.percent(maxPercent, "maxPercent");
    }

    @Override
    public QosCheck check(WorkloadResult result) {
        Require.nonNull(result, "result");
        if (result.attempts() == 0) {
            return new QosCheck(this, false, "no work completed (0 attempts)");
        }
        long failed = result.errors() + (countRollbacks ? result.rollbacks() : 0);
        double measuredPercent = 100.0 * failed / result.attempts();
        boolean passed = measuredPercent <= maxPercent;
        return new QosCheck(this, passed, what() + " = " + Decimals.percent(measuredPercent) + " of "
                + result.attempts() + " attempts" + (passed ? " <= " : " > ") + Decimals.percent(maxPercent));
    }

    @Override
    public String describe() {
        return what() + " <= " + Decimals.percent(maxPercent) + " of attempts";
    }

    private String what() {
        return countRollbacks ? "errors and rollbacks" : "errors";
    }
}
