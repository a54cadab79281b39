package org.tilemark.harness.storage;

import java.util.List;
import java.util.Locale;

/**
 * The scaling run's tables, one per dimension: hosts × VMs (rows are layouts, columns per spec IOPS,
 * MB/s, mean and p95 ms, CPU %), and disks per VM.
 */
final class StorageScalingTables {

    private StorageScalingTables() {
    }

    static String all(List<StorageScalingRun.LayoutResult> results, List<DataPoint> specs) {
        StringBuilder s = new StringBuilder();
        int disks = results.isEmpty() ? 1 : results.getFirst().layout().disksPerVm();
        s.append(table("VMs and hosts (" + disks + " disk(s) per VM)",
                results.stream().filter(r -> r.layout().disksPerVm() == disks).toList(), specs));
        List<StorageScalingRun.LayoutResult> diskRows = results.stream()
                .filter(r -> results.stream().anyMatch(o -> o.layout().disksPerVm() != r.layout().disksPerVm()
                        && o.layout().vms() == r.layout().vms() && o.layout().hosts() == r.layout().hosts()))
                .toList();
        if (!diskRows.isEmpty()) {
            s.append('\n').append(table("Data disks per VM", diskRows, specs));
        }
        return s.toString();
    }

    private static String table(String title, List<StorageScalingRun.LayoutResult> rows, List<DataPoint> specs) {
        StringBuilder s = new StringBuilder(title).append('\n');
        s.append(String.format(Locale.ROOT, "%6s %4s %6s", "hosts", "VMs", "disks"));
        for (DataPoint spec : specs) {
            s.append(String.format(Locale.ROOT, " | %-44s", spec.pattern() + ": IOPS, MB/s, mean/p95 ms, CPU %"));
        }
        s.append('\n');
        for (StorageScalingRun.LayoutResult row : rows) {
            s.append(String.format(Locale.ROOT, "%6d %4d %6d", row.layout().hosts(), row.layout().vms(), row.layout().disksPerVm()));
            for (DataPoint spec : specs) {
                String cell = row.points().stream().filter(p -> p.point().pattern().equals(spec.pattern())).findFirst()
                        .map(StorageScalingTables::cell).orElse("-");
                s.append(String.format(Locale.ROOT, " | %-44s", cell));
            }
            s.append('\n');
        }
        return s.toString();
    }

    private static String cell(DataPointResult r) {
        return String.format(Locale.ROOT, "%,.0f, %.1f, %.2f/%.2f, %s", r.io().iops(), r.io().megabytesPerSecond(),
                r.io().meanMs(), r.io().percentileMs(95), Double.isNaN(r.cpuPercent()) ? "n/a"
                        : String.format(Locale.ROOT, "%.0f", r.cpuPercent())) + (r.io().direct() ? "" : " buffered");
    }

    static String csv(List<StorageScalingRun.LayoutResult> results) {
        StringBuilder s = new StringBuilder("hosts,vms,disksPerVm,spec,iops,mbPerSecond,meanMs,p95Ms,p99Ms,cpuPercent,direct\n");
        for (StorageScalingRun.LayoutResult row : results) {
            for (DataPointResult r : row.points()) {
                s.append(String.format(Locale.ROOT, "%d,%d,%d,%s,%.1f,%.2f,%.3f,%.3f,%.3f,%s,%b%n", row.layout().hosts(),
                        row.layout().vms(), row.layout().disksPerVm(), r.point().pattern(), r.io().iops(),
                        r.io().megabytesPerSecond(), r.io().meanMs(), r.io().percentileMs(95), r.io().percentileMs(99),
                        Double.isNaN(r.cpuPercent()) ? "" : String.format(Locale.ROOT, "%.1f", r.cpuPercent()), r.io().direct()));
            }
        }
        return s.toString();
    }
}
