package org.tilemark.harness.report;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A duration as run.json's configuration snapshot records it: "1s", "500ms", "2m", "1h". */
record RecordedDuration(double value, String unit) {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    static Optional<RecordedDuration> parse(String text) {
        Matcher m = DURATION.matcher(text == null ? "" : text.strip());
        return m.matches() ? Optional.of(new RecordedDuration(Double.parseDouble(m.group(1)), m.group(2)))
                : Optional.empty();
    }

    double millis() {
        return switch (unit) {
            case "ms" -> value;
            case "s" -> value * 1_000;
            case "m" -> value * 60_000;
            default -> value * 3_600_000;
        };
    }

    /** "1 s", "500 ms": as a reader writes it. */
    @Override
    public String toString() {
        return Fmt.plain(value) + " " + unit;
    }
}
