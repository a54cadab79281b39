package org.tilemark.config;

import java.time.Duration;

/**
 * How the offered load varies over time.
 *
 * @param shape      {@code constant} or {@code bursty}
 * @param highFactor multiplier of the nominal rate during the high half of a bursty period
 * @param lowFactor  multiplier of the nominal rate during the low half of a bursty period
 * @param period     bursty load is high for {@code period/2}, then low for {@code period/2}
 */
public record LoadShapeSpec(String shape, double highFactor, double lowFactor, Duration period) {
}
