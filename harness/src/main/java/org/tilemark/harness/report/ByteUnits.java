package org.tilemark.harness.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Byte counts for people, in binary units: 512 B, 3.50 MiB, 1.25 GiB (the report and the console alike). */
public final class ByteUnits {

    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

    private ByteUnits() {
    }

    public static String format(long bytes) {
        double scaled = bytes;
        int unit = 0;
        while (Math.abs(scaled) >= 1024 && unit < UNITS.length - 1) {
            scaled /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B"
                : BigDecimal.valueOf(scaled).setScale(2, RoundingMode.HALF_EVEN).toPlainString() + " " + UNITS[unit];
    }
}
