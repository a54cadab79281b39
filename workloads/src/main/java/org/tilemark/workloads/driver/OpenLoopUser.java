package org.tilemark.workloads.driver;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * One simulated user on an open-loop plan: intended start times are laid out from the origin by the
 * think-time distribution, independent of how long the server takes ({@link StartPlan}). A cycle that starts late
 * still counts its latency from the intended start (no coordinated omission), and the lateness is recorded
 * as schedule lag, so a driver or server that falls behind shows up instead of hiding. A cycle that hangs
 * past the user's next intended starts has each of their lags so far recorded at the interval's cut, not only
 * once they start, and one whose request is past its timeout at a cut fails there ({@link IntervalRecorder#started}).
 */
public final class OpenLoopUser implements Runnable {

    /**
     * One unit of work (e.g. a DVD Store order), timed from {@code intendedStartNanos} (System.nanoTime based).
     * It declares each request it waits on to {@code unit} ({@link IntervalRecorder.InFlight#request}) and
     * records its outcome only when {@link IntervalRecorder.InFlight#settle} lets it: a cut may have failed it.
     */
    @FunctionalInterface
    public interface Cycle {
        void run(long intendedStartNanos, IntervalRecorder.InFlight unit) throws InterruptedException;
    }

    private final int index;
    private final long originNanos;
    private final ThinkTime thinkTime;
    private final LoadShape shape;
    private final RandomGenerator random;
    private final IntervalRecorder recorder;
    private final Cycle cycle;
    private volatile boolean running = true;

    /**
     * {@code random} draws the think times, from the user's thread or a cut's (under the plan's lock): it must be the
     * user's plan's alone, never the cycle's.
     */
    public OpenLoopUser(int index, long originNanos, ThinkTime thinkTime, LoadShape shape, RandomGenerator random,
                        IntervalRecorder recorder, Cycle cycle) {
        this.index = index;
        this.originNanos = originNanos;
        this.thinkTime = thinkTime;
        this.shape = shape;
        this.random = random;
        this.recorder = recorder;
        this.cycle = cycle;
    }

    public void stop() {
        running = false;
    }

    @Override
    public void run() {
        StartPlan<Void> plan = new StartPlan<>(previous -> {
            long due = previous == null ? originNanos + thinkTime.first(random).toNanos()
                    : previous.dueNanos() + Math.max(1, thinkTime.next(random).toNanos());
            return new StartPlan.Start<>(due, null, shape.active(index, Duration.ofNanos(due - originNanos)));
        });
        try {
            while (running) {
                StartPlan.Taken<Void> start = plan.take();
                long intended = start.start().dueNanos();
                sleepUntil(intended);
                if (!running) {
                    return;
                }
                if (start.start().active()) {
                    if (!start.lagRecorded()) {
                        recorder.lag(System.nanoTime() - intended);
                    }
                    // A cut while this cycle hangs records the lag of every start of the plan it finds missed.
                    IntervalRecorder.InFlight unit = recorder.started(plan);
                    try {
                        cycle.run(intended, unit);
                    } finally {
                        recorder.end(unit);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(Duration.ofNanos(wait));
        }
    }
}
