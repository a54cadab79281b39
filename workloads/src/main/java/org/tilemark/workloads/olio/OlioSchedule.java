package org.tilemark.workloads.olio;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * One user's intended starts, as Faban schedules Olio's: start-to-start gaps drawn per operation,
 * negative exponential around the mean, truncated at {@code maxCycleFactor x mean}, never below the
 * operation's minimum ({@link OlioMarkovChain#MIN_CYCLE_SHARE}). A slow operation shortens the next
 * wait instead of shifting the schedule. Users arrive spread over one mean cycle after the origin.
 */
final class OlioSchedule {

    /** A cycle's intended start (epoch nanoseconds) and the gap drawn before it ({@code -1} for the first). */
    record Slot(long intendedNanos, long gapNanos) {
    }

    private final double meanNanos;
    private final double maxNanos;
    private final RandomGenerator random;
    private final long arrivalNanos;
    private long lastIntendedNanos = -1;

    OlioSchedule(long originEpochNanos, Duration meanCycle, double maxCycleFactor, RandomGenerator random) {
        this.meanNanos = meanCycle.toNanos();
        this.maxNanos = meanNanos * maxCycleFactor;
        this.random = random;
        this.arrivalNanos = originEpochNanos + (long) (random.nextDouble() * meanNanos);
    }

    /**
     * The slot of the next cycle, which runs {@code operation}. The first is the user's arrival, or now if
     * the user got ready later (on a busy machine a thread can take seconds to start): the schedule starts
     * then instead of behind.
     */
    Slot next(String operation, long nowEpochNanos) {
        if (lastIntendedNanos < 0) {
            lastIntendedNanos = Math.max(arrivalNanos, nowEpochNanos);
            return new Slot(lastIntendedNanos, -1);
        }
        double minNanos = OlioMarkovChain.MIN_CYCLE_SHARE.getOrDefault(operation, 0.0) * meanNanos;
        // at least 1 ns: each start comes after the one before (a draw of exactly 0 is possible)
        long gap = Math.max(1, (long) Math.max(minNanos, Math.min(-meanNanos * Math.log(1.0 - random.nextDouble()), maxNanos)));
        lastIntendedNanos += gap;
        return new Slot(lastIntendedNanos, gap);
    }
}
