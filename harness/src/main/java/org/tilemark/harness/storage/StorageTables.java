package org.tilemark.harness.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The storage papers' tables: rows are transfer sizes, columns random write, random read, sequential
 * write, sequential read; one table per metric; the database-like spec on a line of its own.
 */
final class StorageTables {

    /** One metric's table. */
    record Metric(String title, String format, ToDoubleFunction<DataPointResult> value) {
    }

    static final List<Metric> METRICS = List.of(
            new Metric("IOPS", "%,.0f", r -> r.io().iops()),
            new Metric("MB/s", "%,.1f", r -> r.io().megabytesPerSecond()),
            new Metric("Mean response time (ms)", "%.2f", r -> r.io().meanMs()),
            new Metric("p95 response time (ms)", "%.2f", r -> r.io().percentileMs(95)),
            new Metric("p99 response time (ms)", "%.2f", r -> r.io().percentileMs(99)),
            new Metric("Max response time (ms)", "%.1f", r -> r.io().maxMs()),
            new Metric("Host CPU % (summed over cores)", "%.1f", DataPointResult::cpuPercent),
            new Metric("IOPS per % CPU", "%,.1f", DataPointResult::iopsPerCpuPercent),
            new Metric("MB/s per % CPU", "%.2f", DataPointResult::mbPerSecondPerCpuPercent));

    private StorageTables() {
    }

    static List<Integer> sizes(List<DataPointResult> results) {
        return new ArrayList<>(new TreeSet<>(results.stream().filter(r -> r.point().inMatrix()).map(r -> r.point().sizeKb()).toList()));
    }

    static Optional<DataPointResult> at(List<DataPointResult> results, int sizeKb, String pattern) {
        return results.stream().filter(r -> r.point().sizeKb() == sizeKb && r.point().pattern().equals(pattern)).findFirst();
    }

    /** One metric as a fixed-width text table. */
    static String table(List<DataPointResult> results, Metric metric) {
        StringBuilder s = new StringBuilder(metric.title()).append('\n');
        s.append(String.format(Locale.ROOT, "%8s", "size"));
        StorageMatrix.PATTERNS.forEach(p -> s.append(String.format(Locale.ROOT, "%18s", p)));
        s.append('\n');
        for (int size : sizes(results)) {
            s.append(String.format(Locale.ROOT, "%8s", size + " KB"));
            for (String pattern : StorageMatrix.PATTERNS) {
                s.append(String.format(Locale.ROOT, "%18s", at(results, size, pattern)
                        .map(r -> cell(metric, r)).orElse("-")));
            }
            s.append('\n');
        }
        return s.toString();
    }

    static String cell(Metric metric, DataPointResult r) {
        double v = metric.value().applyAsDouble(r);
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, metric.format(), v);
    }

    /** The summary printed at the end of a run: the IOPS table and the database-like line. */
    static String console(List<DataPointResult> results) {
        StringBuilder s = new StringBuilder();
        if (!sizes(results).isEmpty()) {
            s.append('\n').append(table(results, METRICS.getFirst()));
        }
        results.stream().filter(r -> !r.point().inMatrix()).forEach(r -> s.append('\n').append(progress(r)).append('\n'));
        if (results.stream().anyMatch(r -> !r.io().direct())) {
            s.append("note: the filesystem refused O_DIRECT for some data points; they ran buffered (marked in the report)\n");
        }
        return s.toString();
    }

    static String progress(DataPointResult r) {
        return String.format(Locale.ROOT, "%s: %,.0f IOPS, %.1f MB/s, mean %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.1f ms, "
                        + "CPU %s%%%s", r.point().label(), r.io().iops(), r.io().megabytesPerSecond(), r.io().meanMs(),
                r.io().percentileMs(95), r.io().percentileMs(99), r.io().maxMs(),
                Double.isNaN(r.cpuPercent()) ? "n/a" : String.format(Locale.ROOT, "%.1f", r.cpuPercent()),
                r.io().direct() ? "" : " (buffered: O_DIRECT refused)");
    }

    /** Every table, for tables.txt. */
    static String all(List<DataPointResult> results) {
        StringBuilder s = new StringBuilder();
        for (Metric metric : METRICS) {
            s.append(table(results, metric)).append('\n');
        }
        results.stream().filter(r -> !r.point().inMatrix()).forEach(r -> s.append(progress(r)).append('\n'));
        return s.toString();
    }
}
