package org.tilemark.harness.run;

import java.security.SecureRandom;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/** Run ids sort by start time and are unique on a machine: {@code 20261122-023000-ab12}. */
public final class RunIds {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final SecureRandom RANDOM = new SecureRandom();

    private RunIds() {
    }

    public static String next() {
        byte[] suffix = new byte[2];
        RANDOM.nextBytes(suffix);
        return FORMAT.format(ZonedDateTime.now(ZoneOffset.UTC)) + "-" + HexFormat.of().formatHex(suffix);
    }
}
