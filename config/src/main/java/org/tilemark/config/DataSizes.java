package org.tilemark.config;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The data size syntax of configuration files: {@code 512B}, {@code 2KB}, {@code 1.5MB}, {@code 1GB}; binary units (KB = 1024 bytes). */
public final class DataSizes {

    /** Shown in error messages so users see what would have been accepted. */
    public static final String SYNTAX = "a size like 512B, 2KB or 1.5MB";

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(B|KB|MB|GB)", Pattern.CASE_INSENSITIVE);

    private DataSizes() {
    }

    /** {@code bytes} in the largest unit that keeps it at least 1, one decimal: {@code 1.5GB}, {@code 512.0MB}. */
    public static String format(long bytes) {
        String[] units = {"B", "KB", "MB", "GB"};
        int unit = 0;
        double value = bytes;
        while (unit < units.length - 1 && value >= 1024) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, unit == 0 ? "%.0f%s" : "%.1f%s", value, units[unit]);
    }

    /**
     * Parses {@code text} into bytes; the unit is case-insensitive and required.
     *
     * @throws IllegalArgumentException if the text is not a size or not a whole number of bytes
     */
    public static long parseBytes(String text) {
        Matcher matcher = SIZE.matcher(text.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("expected " + SYNTAX + ", got '" + text + "'");
        }
        long bytesPerUnit = switch (matcher.group(2).toUpperCase(Locale.ROOT)) {
            case "B" -> 1L;
            case "KB" -> 1L << 10;
            case "MB" -> 1L << 20;
            case "GB" -> 1L << 30;
            default -> throw new IllegalStateException("unit " + matcher.group(2));
        };
        try {
            return new BigDecimal(matcher.group(1)).multiply(BigDecimal.valueOf(bytesPerUnit)).longValueExact();
        } catch (ArithmeticException notWholeOrTooLarge) {
            throw new IllegalArgumentException("not a whole number of bytes or too large: '" + text + "'");
        }
    }
}
