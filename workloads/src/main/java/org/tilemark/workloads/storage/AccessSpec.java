package org.tilemark.workloads.storage;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * An Iometer access specification: the lines (their accessPercent sum to 100) and the number of
 * I/Os each worker keeps in flight.
 */
public record AccessSpec(String name, List<AccessLine> lines, int outstandingIos) {

    private static final Pattern PRESET = Pattern.compile("(\\d+)([km]?)-(rand|seq)(read|write)");

    public AccessSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        if (lines == null || lines.isEmpty()) {
            throw new IllegalArgumentException("lines must not be empty (spec " + name + ")");
        }
        lines = List.copyOf(lines);
        int sum = lines.stream().mapToInt(AccessLine::accessPercent).sum();
        if (sum != 100) {
            throw new IllegalArgumentException("accessPercent of the lines must sum to 100, was " + sum + " (spec " + name + ")");
        }
        if (outstandingIos <= 0) {
            throw new IllegalArgumentException("outstandingIos must be positive, was " + outstandingIos + " (spec " + name + ")");
        }
    }

    /** One line, aligned on the transfer size. */
    public static AccessSpec of(String name, int transferBytes, int readPercent, int randomPercent, int outstandingIos) {
        return new AccessSpec(name, List.of(AccessLine.of(transferBytes, readPercent, randomPercent)), outstandingIos);
    }

    /**
     * The multi-host SAN study's database-like spec: 70 % read / 30 % write, 4 KB and 64 KB in equal
     * parts. The study does not say how random it is; both parts are 100 % random here.
     */
    public static AccessSpec databaseLike(int outstandingIos) {
        return new AccessSpec("database-like", List.of(
                new AccessLine(4096, 50, 70, 100, 4096),
                new AccessLine(65536, 50, 70, 100, 65536)), outstandingIos);
    }

    /**
     * A spec by its short name: {@code database-like}, or size-pattern-direction such as
     * {@code 4k-randread}, {@code 64k-seqread}, {@code 8k-randwrite}, {@code 1m-seqwrite}.
     */
    public static AccessSpec preset(String name, int outstandingIos) {
        String key = name.toLowerCase(Locale.ROOT);
        if (key.equals("database-like")) {
            return databaseLike(outstandingIos);
        }
        Matcher m = PRESET.matcher(key);
        if (!m.matches()) {
            throw new IllegalArgumentException("unknown spec '" + name
                    + "': expected database-like or <size>[k|m]-(rand|seq)(read|write), e.g. 4k-randread");
        }
        long unit = switch (m.group(2)) {
            case "k" -> 1024;
            case "m" -> 1024 * 1024;
            default -> 1;
        };
        long bytes = Long.parseLong(m.group(1)) * unit;
        if (bytes > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("transfer size of spec '" + name + "' is too large");
        }
        return of(key, (int) bytes, m.group(4).equals("read") ? 100 : 0, m.group(3).equals("rand") ? 100 : 0, outstandingIos);
    }

    int maxTransferBytes() {
        return lines.stream().mapToInt(AccessLine::transferBytes).max().orElseThrow();
    }

    /** "4K 100%read 100%random QD16"; several lines are joined as "50% 4K ... + 50% 64K ... QD16". */
    @Override
    public String toString() {
        String body = lines.size() == 1 ? lines.getFirst().describe()
                : lines.stream().map(l -> l.accessPercent() + "% " + l.describe()).collect(Collectors.joining(" + "));
        return body + " QD" + outstandingIos;
    }
}
