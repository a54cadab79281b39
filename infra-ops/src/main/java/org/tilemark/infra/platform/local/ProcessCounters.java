package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One process's counters from {@code /proc}: its CPU time and its reaped children's ({@code stat}: utime, stime,
 * cutime, cstime), the bytes it and its reaped children had read from and written to the storage layer ({@code io}:
 * read_bytes, write_bytes — page-cache hits are not reads), and the memory it holds, its proportional set size
 * ({@code smaps_rollup}: shared pages split among their sharers, so PostgreSQL's shared buffers count once over its
 * processes; RSS where the kernel has no rollup).
 */
record ProcessCounters(long startTicks, long cpuNanos, long readBytes, long writeBytes, long memoryBytes) {

    /** Linux reports /proc/PID/stat in USER_HZ ticks, 100 per second on every architecture. */
    private static final long NANOS_PER_TICK = 10_000_000L;
    private static final long PAGE_BYTES = 4096;

    /** The counters of process {@code pid}; empty if it is gone or not readable. */
    static Optional<ProcessCounters> read(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            String stat = Files.readString(proc.resolve("stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            // f[i] is field i + 3 of proc(5): utime 14, stime 15, cutime 16, cstime 17, starttime 22, rss 24.
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
            long start = Long.parseLong(f[19]);
            long rssBytes = Long.parseLong(f[21]) * PAGE_BYTES;
            List<String> io = Files.readAllLines(proc.resolve("io"));
            return Optional.of(new ProcessCounters(start, ticks * NANOS_PER_TICK, field(io, "read_bytes:"), field(io, "write_bytes:"),
                    pss(proc).orElse(rssBytes)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Long> pss(Path proc) {
        try {
            for (String line : Files.readAllLines(proc.resolve("smaps_rollup"))) {
                if (line.startsWith("Pss:")) {
                    return Optional.of(Long.parseLong(line.substring(4).trim().split("\\s+")[0]) * 1024);
                }
            }
        } catch (IOException | RuntimeException e) {
            // No rollup (an old kernel) or the process ended: RSS instead.
        }
        return Optional.empty();
    }

    private static long field(List<String> lines, String name) {
        for (String line : lines) {
            if (line.startsWith(name)) {
                return Long.parseLong(line.substring(name.length()).trim());
            }
        }
        throw new IllegalArgumentException("no " + name);
    }
}
