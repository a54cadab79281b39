package org.tilemark.workloads.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Command line for bench/io-vs-fio: preallocates the file when needed, runs one spec and prints one
 * line ("spec=... iops=... mbps=... mean_ms=... p95_ms=... p99_ms=... max_ms=... direct=...").
 * Exit 2 on bad arguments, 1 when the run failed (disk full, I/O error).
 */
public final class IoBench {

    static final String USAGE = "usage: IoBench --file F [--size 1g] [--spec 4k-randread|64k-seqread|database-like|...]"
            + " [--qd 16] [--workers 1] [--ramp 5s] [--runtime 20s] [--seed 1]";

    private IoBench() {
    }

    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("IoBench: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        try {
            Files.createDirectories(options.file().toAbsolutePath().getParent());
            IoEngine.preallocate(options.file(), options.size(), options.seed());
            IoResult result = IoEngine.run(List.of(options.file()), options.spec(), options.workers(),
                    options.ramp(), options.runtime(), options.seed());
            System.out.println("spec=" + options.spec().name() + " qd=" + options.spec().outstandingIos()
                    + " " + result.summary());
        } catch (IOException e) {
            System.err.println("IoBench: " + e.getMessage());
            System.exit(1);
        }
    }

    record Options(Path file, long size, AccessSpec spec, int workers, Duration ramp, Duration runtime, long seed) {

        static Options parse(String[] args) {
            Map<String, String> values = new HashMap<>(Map.of("--size", "1g", "--spec", "4k-randread", "--qd", "16",
                    "--workers", "1", "--ramp", "5s", "--runtime", "20s", "--seed", "1"));
            for (int i = 0; i < args.length; i += 2) {
                if (!args[i].equals("--file") && !values.containsKey(args[i])) {
                    throw new IllegalArgumentException("unknown option " + args[i]);
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(args[i] + " needs a value");
                }
                values.put(args[i], args[i + 1]);
            }
            if (!values.containsKey("--file")) {
                throw new IllegalArgumentException("--file is required");
            }
            return new Options(Path.of(values.get("--file")), bytes(values.get("--size")),
                    AccessSpec.preset(values.get("--spec"), positive("--qd", values.get("--qd"))),
                    positive("--workers", values.get("--workers")), duration(values.get("--ramp")),
                    duration(values.get("--runtime")), Long.parseLong(values.get("--seed")));
        }

        /** "1g", "512m", "64k" (powers of 1024) or plain bytes. */
        static long bytes(String text) {
            String t = text.toLowerCase(Locale.ROOT);
            long unit = switch (t.charAt(t.length() - 1)) {
                case 'k' -> 1L << 10;
                case 'm' -> 1L << 20;
                case 'g' -> 1L << 30;
                case 't' -> 1L << 40;
                default -> 1;
            };
            String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
            try {
                return Long.parseLong(digits) * unit;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--size must look like 1g, 512m, 64k or a byte count, was " + text);
            }
        }

        /** "200ms", "5s", "2m". */
        static Duration duration(String text) {
            try {
                if (text.endsWith("ms")) {
                    return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
                }
                long n = Long.parseLong(text.substring(0, text.length() - 1));
                return switch (text.charAt(text.length() - 1)) {
                    case 's' -> Duration.ofSeconds(n);
                    case 'm' -> Duration.ofMinutes(n);
                    default -> throw new NumberFormatException();
                };
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                throw new IllegalArgumentException("a duration must look like 200ms, 5s or 2m, was " + text);
            }
        }

        private static int positive(String option, String text) {
            try {
                int n = Integer.parseInt(text);
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // falls through to the message below
            }
            throw new IllegalArgumentException(option + " must be a positive integer, was " + text);
        }
    }
}
