package org.tilemark.harness.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Busy share of this whole machine's CPUs between two readings of /proc/stat: what a run cost
 * including everything else the machine did meanwhile. Empty where /proc/stat does not exist.
 */
final class MachineCpu {
    private static final Path STAT = Path.of("/proc/stat");

    /** Cumulative busy and total jiffies over all CPUs. */
    record Reading(long busy, long total) {
        /** Busy percent of all CPUs since {@code earlier}. */
        double percentSince(Reading earlier) {
            long total = this.total - earlier.total;
            return total <= 0 ? Double.NaN : 100.0 * (busy - earlier.busy) / total;
        }
    }

    private MachineCpu() {
    }

    static Optional<Reading> read() {
        try {
            return Files.readAllLines(STAT).stream().filter(l -> l.startsWith("cpu ")).findFirst().map(MachineCpu::parse);
        } catch (IOException | RuntimeException unavailable) {
            return Optional.empty();
        }
    }

    /** "cpu  user nice system idle iowait irq softirq steal ...": idle and iowait are not busy. */
    static Reading parse(String cpuLine) {
        List<Long> fields = java.util.Arrays.stream(cpuLine.trim().split("\\s+")).skip(1).limit(8)
                .map(Long::parseLong).toList();
        long total = fields.stream().mapToLong(Long::longValue).sum();
        long idle = fields.get(3) + (fields.size() > 4 ? fields.get(4) : 0);
        return new Reading(total - idle, total);
    }
}
