package org.tilemark.scoring;

import java.util.Locale;

/**
 * The driver must keep its schedule: the measured mean cycle time (start-to-start gap between one user's
 * operations) must be within a relative tolerance of the planned mean. This is Faban's check that the
 * driver kept up; a driver that falls behind lengthens its cycles, silently lowers the offered load, and
 * so flatters the system under test.
 *
 * <p>The driver records, per cycle, the intended gap under {@code intendedOperation} and the actual gap
 * under {@code actualOperation}, each as a histogram of nanoseconds, so {@link OperationStats#meanMs()}
 * of each holds the mean cycle time. Comparing against the intended gaps actually drawn (not the
 * configured mean) keeps the sampling noise of a negative-exponential draw out of the check.
 *
 * <p>Stuck users count too: a cycle still open at an interval's cut longer than its planned gap allows is
 * recorded then with its gap so far (a lower bound) under both names, and under {@code stuckOperation}, so the
 * mean sees a user stuck in a hung request in the phase it got stuck in, and the detail says how many were.
 *
 * @param intendedOperation name under which the planned start-to-start gaps are recorded
 * @param actualOperation   name under which the actual start-to-start gaps are recorded
 * @param stuckOperation    name under which the gaps of cycles found stuck open at a cut are recorded as well
 *                          (null: none are)
 * @param tolerancePercent  largest allowed |actual mean − intended mean| / intended mean, in percent
 */
public record CycleTimeRule(String intendedOperation, String actualOperation, String stuckOperation,
                            double tolerancePercent) implements QosRule {

    public CycleTimeRule {
        Require.nonBlank(intendedOperation, "intendedOperation");
        Require.nonBlank(actualOperation, "actualOperation");
        if (intendedOperation.equals(actualOperation)) {
            throw new IllegalArgumentException("intendedOperation and actualOperation must differ, both were '"
                    + intendedOperation + "'");
        }
        if (stuckOperation != null && (stuckOperation.equals(intendedOperation) || stuckOperation.equals(actualOperation))) {
            throw new IllegalArgumentException("stuckOperation must differ from the other two, was '" + stuckOperation + "'");
        }
        Require.nonNegative(tolerancePercent, "tolerancePercent");
    }

    /** A rule whose driver records no stuck cycles. */
    public CycleTimeRule(String intendedOperation, String actualOperation, double tolerancePercent) {
        this(intendedOperation, actualOperation, null, tolerancePercent);
    }

    @Override
    public QosCheck check(WorkloadResult result) {
        Require.nonNull(result, "result");
        OperationStats intended = result.operations().get(intendedOperation);
        OperationStats actual = result.operations().get(actualOperation);
        if (intended == null || actual == null || intended.count() == 0 || actual.count() == 0) {
            return new QosCheck(this, false, "no cycles measured");
        }
        if (!(intended.meanMs() > 0)) {
            return new QosCheck(this, false, "planned mean cycle time is 0 s over " + intended.count() + " cycles");
        }
        double deviationPercent = 100.0 * (actual.meanMs() - intended.meanMs()) / intended.meanMs();
        boolean passed = Math.abs(deviationPercent) <= tolerancePercent;
        String detail = String.format(Locale.ROOT, "mean cycle time = %.2f s vs %.2f s planned (%+.1f %%) %s %s",
                actual.meanMs() / 1000.0, intended.meanMs() / 1000.0, deviationPercent, passed ? "<=" : ">",
                Decimals.percent(tolerancePercent));
        return new QosCheck(this, passed, detail + stuck(result));
    }

    /** ", 3 of 150 cycles stuck open at a cut (up to 5.20 s so far)", or nothing when none were. */
    private String stuck(WorkloadResult result) {
        OperationStats stuck = stuckOperation == null ? null : result.operations().get(stuckOperation);
        if (stuck == null || stuck.count() == 0) {
            return "";
        }
        return String.format(Locale.ROOT, ", %d of %d cycles stuck open at a cut (up to %.2f s so far)", stuck.count(),
                result.operations().get(actualOperation).count(), stuck.maxMs() / 1000.0);
    }

    @Override
    public String describe() {
        return "mean cycle time within ±" + Decimals.percent(tolerancePercent) + " of planned";
    }
}
