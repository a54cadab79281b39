package org.tilemark.workloads.dvdstore;

import java.util.random.RandomGenerator;

/**
 * DS3's product popularity: every 10,000th product is ten times as likely as the others. Drawn
 * without tables: the first {@code products} slots are one per product, the extra nine slots per
 * popular product follow.
 */
public record ProductPicker(long products) {

    public static final long POPULAR_EVERY = 10_000;
    public static final int POPULARITY = 10;

    public long pick(RandomGenerator random) {
        long popular = products / POPULAR_EVERY;
        long slots = products + popular * (POPULARITY - 1);
        long slot = random.nextLong(slots);
        if (slot < products) {
            return slot + 1;
        }
        return ((slot - products) / (POPULARITY - 1) + 1) * POPULAR_EVERY;
    }
}
