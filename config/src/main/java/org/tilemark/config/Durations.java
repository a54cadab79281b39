package org.tilemark.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The duration syntax of configuration files: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h} or ISO-8601 {@code PT30S}. */
public final class Durations {

    /** Shown in error messages so users see what would have been accepted. */
    public static final String SYNTAX = "a duration like 500ms, 30s, 2m, 1h or PT30S";

    private static final Pattern SIMPLE = Pattern.compile("([+-]?\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");
    private static final long NANOS_PER_MS = 1_000_000L;
    private static final long NANOS_PER_S = 1_000 * NANOS_PER_MS;

    private Durations() {
    }

    /**
     * Parses {@code text}; a bare {@code 0} is accepted because zero needs no unit.
     *
     * @throws IllegalArgumentException if the text is not a duration
     */
    public static Duration parse(String text) {
        String trimmed = text.strip();
        if (trimmed.equals("0")) {
            return Duration.ZERO;
        }
        Matcher simple = SIMPLE.matcher(trimmed);
        if (simple.matches()) {
            BigDecimal nanos = new BigDecimal(simple.group(1)).multiply(BigDecimal.valueOf(nanosPerUnit(simple.group(2))));
            try {
                return Duration.ofNanos(nanos.longValueExact());
            } catch (ArithmeticException notWholeOrTooLarge) {
                throw new IllegalArgumentException("not a whole number of nanoseconds or too large: '" + text + "'");
            }
        }
        if (trimmed.toUpperCase(Locale.ROOT).startsWith("P") || trimmed.toUpperCase(Locale.ROOT).startsWith("-P")) {
            try {
                return Duration.parse(trimmed);
            } catch (DateTimeParseException notIso) {
                // fall through to the common error
            }
        }
        throw new IllegalArgumentException("expected " + SYNTAX + ", got '" + text + "'");
    }

    /** Formats in the largest unit that represents {@code duration} exactly, e.g. {@code 90s} or {@code 2m}; ISO-8601 below a millisecond. */
    public static String format(Duration duration) {
        if (duration.isZero()) {
            return "0s";
        }
        if (duration.toNanosPart() % NANOS_PER_MS != 0) {
            return duration.toString();
        }
        long millis = duration.toMillis();
        if (millis % 3_600_000 == 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis % 60_000 == 0) {
            return millis / 60_000 + "m";
        }
        if (millis % 1_000 == 0) {
            return millis / 1_000 + "s";
        }
        return millis + "ms";
    }

    private static long nanosPerUnit(String unit) {
        return switch (unit) {
            case "ms" -> NANOS_PER_MS;
            case "s" -> NANOS_PER_S;
            case "m" -> 60 * NANOS_PER_S;
            case "h" -> 3_600 * NANOS_PER_S;
            default -> throw new IllegalStateException("unit " + unit);
        };
    }
}
