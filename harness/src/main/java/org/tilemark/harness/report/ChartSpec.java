package org.tilemark.harness.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tilemark.harness.bundle.BundleLayout;

/** One chart of the report: its stable file name under charts/ and what it shows. */
record ChartSpec(String fileName, String title, Kind kind, int tile, String workload) {


    enum Kind { THROUGHPUT, LATENCY_P95, OPERATIONS_P95_P99 }

    String relativePath() {
        return BundleLayout.CHARTS + "/" + fileName;
    }

    /** The charts a bundle yields: three per tile × workload, named only from tile and workload. */
    static List<ChartSpec> planFor(BundleContents bundle) {
        List<ChartSpec> specs = new ArrayList<>();
        Set<String> usedPrefixes = new HashSet<>();
        for (int tile : bundle.tiles()) {
            for (String workload : bundle.workloads(tile)) {
                String base = "tile" + tile + "-" + fileSafe(workload);
                String prefix = base;
                for (int n = 2; !usedPrefixes.add(prefix); n++) {
                    prefix = base + "-" + n; // two names that differ only in unsafe characters
                }
                String label = "Tile " + tile + " " + workload;
                specs.add(new ChartSpec(prefix + "-throughput.png", label + ": throughput per interval",
                        Kind.THROUGHPUT, tile, workload));
                String highlighted = WorkloadViews.keyOperation(workload).map(op -> " (" + op + " highlighted)")
                        .orElse("");
                specs.add(new ChartSpec(prefix + "-latency-p95.png", label + ": p95 latency per operation"
                        + highlighted, Kind.LATENCY_P95, tile, workload));
                specs.add(new ChartSpec(prefix + "-operations-p95-p99.png",
                        label + ": p95 and p99 per operation", Kind.OPERATIONS_P95_P99, tile, workload));
            }
        }
        return specs;
    }

    /** Workload names come from data: keep file names portable and free of path separators. */
    static String fileSafe(String name) {
        String safe = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-")
                .replaceAll("^[.-]+", "");
        return safe.isEmpty() ? "workload" : safe;
    }
}
