package org.tilemark.scoring;

/**
 * Failed work, as a share of attempted work, must stay within a limit: (errors [+ rollbacks]) / attempts.
 * The detail reads "errors and rollbacks = 0.6 % of 1000 attempts > 0.5 %" when rollbacks count, else
 * "failures = 8.33 % of 60 attempts > 1 %".
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

    /** Without rollbacks, "failures": for some workloads (the standby pinger) a failure is a late answer, not an error page. */
    private String what() {
        return countRollbacks ? "errors and rollbacks" : "failures";
    }
}
