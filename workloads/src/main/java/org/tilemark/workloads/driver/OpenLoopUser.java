package org.tilemark.workloads.driver;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * One simulated user on an open-loop plan: intended start times are laid out from the origin by the
 * think-time distribution, independent of how long the server takes. A cycle that starts late still
 * counts its latency from the intended start (no coordinated omission), and the lateness is recorded
 * as schedule lag, so a driver or server that falls behind shows up instead of hiding. A cycle that hangs
 * past the user's next intended start has that start's lag recorded at the interval's cut, not only once it
 * starts, and one whose request is past its timeout at a cut fails there ({@link IntervalRecorder#started}).
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
        long intended = originNanos + thinkTime.first(random).toNanos();
        IntervalRecorder.InFlight previous = null;
        try {
            while (running) {
                sleepUntil(intended);
                if (!running) {
                    return;
                }
                // Drawn before the cycle runs: a cut while it hangs sees the next start missed, and records its lag.
                long next = intended + Math.max(1, thinkTime.next(random).toNanos());
                if (shape.active(index, Duration.ofNanos(intended - originNanos))) {
                    if (previous == null || !previous.nextStartLagRecorded()) {
                        recorder.lag(System.nanoTime() - intended);
                    }
                    IntervalRecorder.InFlight unit = recorder.started(next);
                    try {
                        cycle.run(intended, unit);
                    } finally {
                        recorder.end(unit);
                    }
                    previous = unit;
                } else {
                    previous = null;
                }
                intended = next;
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
