package org.tilemark.workloads.dvdstore.db;

import java.util.SplittableRandom;

/**
 * One independent random stream per (seed, table, entity id): any row can be regenerated alone,
 * in any order, with the same result. This is what makes the load deterministic and lets a table
 * be re-derived (e.g. order lines for ORDERLINES and CUST_HIST) without holding it in memory.
 */
final class EntityRandom {

    private final long seed;

    EntityRandom(long seed) {
        this.seed = seed;
    }

    SplittableRandom of(long salt, long id) {
        return new SplittableRandom(mix(mix(seed ^ salt) + id));
    }

    /** Inclusive range. */
    static int between(SplittableRandom rng, int low, int high) {
        return rng.nextInt(low, high + 1);
    }

    static long between(SplittableRandom rng, long low, long high) {
        return rng.nextLong(low, high + 1);
    }

    static String letters(SplittableRandom rng, int count) {
        char[] chars = new char[count];
        for (int i = 0; i < count; i++) {
            chars[i] = (char) ('A' + rng.nextInt(26));
        }
        return new String(chars);
    }

    static String digits(SplittableRandom rng, int count) {
        char[] chars = new char[count];
        for (int i = 0; i < count; i++) {
            chars[i] = (char) ('0' + rng.nextInt(10));
        }
        return new String(chars);
    }

    /** Money as COPY text, from cents. */
    static String money(long cents) {
        return (cents / 100) + "." + (cents % 100 < 10 ? "0" : "") + (cents % 100);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
