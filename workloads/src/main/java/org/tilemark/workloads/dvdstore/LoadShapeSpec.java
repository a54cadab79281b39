package org.tilemark.workloads.dvdstore;

import java.time.Duration;
import java.util.List;

/**
 * How the offered load varies over time.
 *
 * @param shape      one of {@link #SHAPES}: {@code constant} or {@code bursty}
 * @param highFactor multiplier of the nominal rate during the high half of a bursty period
 * @param lowFactor  multiplier of the nominal rate during the low half of a bursty period
 * @param period     bursty load is high for {@code period/2}, then low for {@code period/2}
 */
public record LoadShapeSpec(String shape, double highFactor, double lowFactor, Duration period) {

    /** Every user active all the time. */
    public static final String CONSTANT = "constant";
    /** VMmark's DVD Store: {@code highFactor} x the users for half of each period, {@code lowFactor} x for the other. */
    public static final String BURSTY = "bursty";
    /** The shapes a spec may name; the drivers register one load shape under each. */
    public static final List<String> SHAPES = List.of(CONSTANT, BURSTY);
}
