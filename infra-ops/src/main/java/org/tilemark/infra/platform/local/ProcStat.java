package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * Busy CPU time of a set of CPUs from {@code /proc/stat}: what the host OS (the "hypervisor" of the
 * local platform) spent outside idle and I/O wait, over every process, the harness's included.
 */
final class ProcStat {

    /** Linux reports /proc/stat in USER_HZ ticks, 100 per second on every architecture. */
    private static final long TICKS_PER_SECOND = 100;
    private static final Path STAT = Path.of("/proc/stat");

    private ProcStat() {
    }

    static Optional<Duration> busy(Set<Integer> cpus) {
        try {
            return Optional.of(busy(Files.readAllLines(STAT), cpus));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Duration busy(Iterable<String> statLines, Set<Integer> cpus) {
        long ticks = 0;
        for (String line : statLines) {
            if (!line.startsWith("cpu") || line.startsWith("cpu ")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            int cpu = Integer.parseInt(f[0].substring(3));
            if (!cpus.contains(cpu)) {
                continue;
            }
            // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
            ticks += Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
                    + Long.parseLong(f[7]) + (f.length > 8 ? Long.parseLong(f[8]) : 0);
        }
        return Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND);
    }
}
