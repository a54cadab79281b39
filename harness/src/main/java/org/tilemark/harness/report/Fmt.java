package org.tilemark.harness.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Locale-independent number formatting; NaN (not recorded) becomes an empty string. */
final class Fmt {
    private Fmt() {
    }

    /** Exact shortest form for machine-readable output (CSV): 301.2, 1, 12.5. */
    static String plain(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "";
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** Fixed decimals for people (HTML). */
    static String fixed(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "–";
        }
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }

    static String integer(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** A duration for people: whole milliseconds below a second, else seconds (842 ms, 1.88 s). */
    static String millis(double ms) {
        if (Double.isNaN(ms) || Double.isInfinite(ms)) {
            return "–";
        }
        return Math.round(ms) < 1000 ? fixed(ms, 0) + " ms" : fixed(ms / 1000, 2) + " s";
    }
}
