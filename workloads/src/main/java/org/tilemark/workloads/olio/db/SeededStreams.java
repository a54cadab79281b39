package org.tilemark.workloads.olio.db;

import java.util.SplittableRandom;

/**
 * One independent random stream per (seed, purpose, entity id): any row can be regenerated alone and
 * in any order with the same result, so related tables (event ratings and the events' scores) are
 * derived from the same stream without holding a table in memory.
 */
final class SeededStreams {

    private final long seed;

    SeededStreams(long seed) {
        this.seed = seed;
    }

    SplittableRandom of(long purpose, long id) {
        return new SplittableRandom(mix(mix(seed ^ purpose) + id));
    }

    /** Inclusive range. */
    static int between(SplittableRandom rng, int low, int high) {
        return rng.nextInt(low, high + 1);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
