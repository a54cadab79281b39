package org.tilemark.harness.compare;

import java.util.Locale;

/** Signed percentages and plain numbers for people, locale-independent; NaN prints as "n/a". */
final class Percent {
    private Percent() {
    }

    /** "+85 %", "-12.4 %": one decimal below 100 %, none above. */
    static String signed(double percent) {
        if (!Double.isFinite(percent)) {
            return "n/a";
        }
        String format = Math.abs(percent) >= 100 ? "%+.0f %%" : "%+.1f %%";
        return String.format(Locale.ROOT, format, percent);
    }

    /** "-18.0 .. -6.8" without the unit, for "(95 % CI -18.0 .. -6.8)". */
    static String range(double low, double high) {
        if (!Double.isFinite(low) || !Double.isFinite(high)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%+.1f .. %+.1f", low, high);
    }

    /** Three significant digits or at most three decimals: 0.979, 298, 1.25. */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        double magnitude = Math.abs(value);
        int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
