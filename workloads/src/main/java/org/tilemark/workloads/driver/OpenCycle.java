package org.tilemark.workloads.driver;

/**
 * A user's cycle as Faban's cycle-time check sees it: the start-to-start gap from this cycle's actual start to
 * the next one's. The driver records each gap when the next cycle has run; a cut that finds this cycle still
 * open past {@code allowedGapNanos} (the planned gap and the check's tolerance) records the gap so far instead,
 * once — planned under {@link Names#intended}, so far under {@link Names#actual} and {@link Names#stuck} — so a
 * user stuck in a hung request counts in the phase it got stuck in; the driver then does not record that gap
 * again ({@link IntervalRecorder.InFlight#nextGapRecorded}).
 *
 * @param names            where the gaps are recorded
 * @param startNanos       this cycle's actual start (System.nanoTime)
 * @param plannedGapNanos  the gap the schedule drew to the next start
 * @param allowedGapNanos  the longest gap that is not stuck: the planned one and the tolerance
 */
public record OpenCycle(Names names, long startNanos, long plannedGapNanos, long allowedGapNanos) {

    /** The operations under which gaps are recorded: planned, actual, and those a cut found stuck. */
    public record Names(String intended, String actual, String stuck) {
    }

    public OpenCycle {
        if (plannedGapNanos < 0 || allowedGapNanos < plannedGapNanos) {
            throw new IllegalArgumentException("a planned gap of " + plannedGapNanos + " ns allowed until "
                    + allowedGapNanos + " ns");
        }
    }

    /** The cycle opened at {@code startNanos} with {@code plannedGapNanos} to the next, allowed {@code tolerancePercent} more. */
    public static OpenCycle of(Names names, long startNanos, long plannedGapNanos, double tolerancePercent) {
        return new OpenCycle(names, startNanos, plannedGapNanos,
                plannedGapNanos + (long) Math.ceil(plannedGapNanos * tolerancePercent / 100.0));
    }

    /** True when at {@code nowNanos} the cycle has been open longer than it is allowed. */
    boolean stuckAt(long nowNanos) {
        return nowNanos - startNanos > allowedGapNanos;
    }
}
