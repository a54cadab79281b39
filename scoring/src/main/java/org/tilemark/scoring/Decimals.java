package org.tilemark.scoring;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/** Compact, locale-independent number text for verdict details: 2000.0 → "2000", 2310.46 → "2310.5". */
final class Decimals {
    private Decimals() {
    }

    static String of(double value, int maxDecimals) {
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(maxDecimals, RoundingMode.HALF_UP).stripTrailingZeros();
        return rounded.signum() == 0 ? "0" : rounded.toPlainString();
    }

    static String ms(double millis) {
        return of(millis, 1) + " ms";
    }

    static String percent(double percent) {
        return of(percent, 2) + " %";
    }

    static double toMillis(Duration duration) {
        return duration.toNanos() / 1_000_000.0;
    }

    /** "p95", "p99.9". */
    static String percentileName(double percentile) {
        return "p" + of(percentile, 3);
    }
}
