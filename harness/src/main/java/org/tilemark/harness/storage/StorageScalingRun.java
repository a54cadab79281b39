package org.tilemark.harness.storage;

import org.tilemark.harness.bundle.StorageFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.StorageSpec;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.run.RunIds;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.workloads.storage.AccessSpec;

/**
 * {@code tilemark storage scaling}: the same few specs on several VM layouts in one command, as the
 * multi-host SAN studies did (12 VMs on 1, 2, 3 hosts; 3 hosts with 4, 6, 8 VMs; 4 disks per VM vs
 * 1). Layouts: every host count × every VM count at the configured disks per VM, then, if several
 * disk counts are given, each disk count at the largest host count and the first VM count. One table
 * per dimension: hosts × VMs, and disks per VM.
 */
public final class StorageScalingRun {

    /** One VM layout. */
    record Layout(int hosts, int vms, int disksPerVm) {
        String label() {
            return vms + " VM(s) on " + hosts + " host(s), " + disksPerVm + " disk(s) each";
        }
    }

    /** A layout's measured data points. */
    record LayoutResult(Layout layout, List<DataPointResult> points) {
    }

    private final PrintStream out;
    /** Errors and warnings (stderr), one line each; progress and tables go to {@code out}. */
    private final PrintStream err;
    private final Map<String, String> environment;

    public StorageScalingRun(PrintStream out, PrintStream err, Map<String, String> environment) {
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    public int run(BenchmarkSpec spec, boolean quick, List<Integer> hostCounts, List<Integer> vmCounts,
                   List<Integer> diskCounts, List<String> specNames) {
        StorageSettings base;
        try {
            base = StorageSettings.of(spec, quick);
        } catch (PlatformException e) {
            return StorageSettings.refused(e, err);
        }
        Optional<String> bad = problem(base.platformHosts(), hostCounts, vmCounts, diskCounts);
        List<DataPoint> points = new ArrayList<>();
        try {
            for (String name : specNames) {
                points.add(new DataPoint(name, 0, AccessSpec.preset(name, spec.storage().outstandingIos())));
            }
        } catch (IllegalArgumentException e) {
            bad = bad.or(() -> Optional.of("--specs: " + e.getMessage()));
        }
        if (bad.isPresent()) {
            err.println("error: " + bad.get());
            return RunOutcome.BAD_INPUT;
        }
        List<Layout> layouts = layouts(spec.storage(), hostCounts, vmCounts, diskCounts);
        String runId = "storage-scaling-" + RunIds.next();
        Path directory = spec.run().results().toAbsolutePath().normalize().resolve(runId);
        List<LayoutResult> results = new ArrayList<>();
        Optional<String> failure = Optional.empty();
        try (ResultsBundle bundle = ResultsBundle.createPlain(directory)) {
            out.println("Storage scaling run " + runId + ": " + layouts.size() + " layouts x " + points.size()
                    + " specs, results in " + directory);
            StorageRun single = new StorageRun(out, err, environment);
            for (int i = 0; i < layouts.size() && failure.isEmpty(); i++) {
                Layout layout = layouts.get(i);
                out.println("[layout " + (i + 1) + "/" + layouts.size() + "] " + layout.label());
                BenchmarkSpec layoutSpec = withLayout(spec, layout);
                StorageRun.Outcome outcome = single.measure(layoutSpec, base.with(layoutSpec.storage()), runId + "-l" + (i + 1),
                        points, directory, r -> bundle.appendScalingLine(line(layout, r)));
                results.add(new LayoutResult(layout, outcome.results()));
                failure = outcome.failure();
            }
        } catch (IOException e) {
            err.println("error: writing the results bundle failed: " + e.getMessage());
            return RunOutcome.RUNTIME_FAILURE;
        }
        String tables = StorageScalingTables.all(results, points);
        try {
            Files.writeString(directory.resolve("scaling.txt"), tables, StandardCharsets.UTF_8);
            Files.writeString(directory.resolve("scaling.csv"), StorageScalingTables.csv(results), StandardCharsets.UTF_8);
            Manifest.write(directory);
        } catch (IOException e) {
            err.println("warning: the tables could not be written: " + e.getMessage());
        }
        out.print("\n" + tables);
        failure.ifPresent(f -> err.println("error: Storage scaling run failed: " + f + " (layouts measured before are kept)"));
        return failure.isPresent() ? RunOutcome.RUNTIME_FAILURE : RunOutcome.COMPLIANT;
    }

    static List<Layout> layouts(StorageSpec storage, List<Integer> hostCounts, List<Integer> vmCounts, List<Integer> diskCounts) {
        List<Layout> layouts = new ArrayList<>();
        for (int hosts : hostCounts) {
            for (int vms : vmCounts) {
                layouts.add(new Layout(hosts, vms, storage.disksPerVm()));
            }
        }
        if (diskCounts.size() > 1) {
            int hosts = hostCounts.stream().mapToInt(Integer::intValue).max().orElseThrow();
            for (int disks : diskCounts) {
                Layout layout = new Layout(hosts, vmCounts.getFirst(), disks);
                if (!layouts.contains(layout)) {
                    layouts.add(layout);
                }
            }
        }
        return layouts;
    }

    private static Optional<String> problem(int platformHosts, List<Integer> hosts, List<Integer> vms, List<Integer> disks) {
        if (hosts.isEmpty() || vms.isEmpty() || disks.isEmpty()) {
            return Optional.of("--hosts, --vms and --disks need at least one value each");
        }
        for (int h : hosts) {
            if (h < 1 || h > platformHosts) {
                return Optional.of("--hosts: " + h + " is not between 1 and the platform's host count (" + platformHosts + ")");
            }
        }
        if (vms.stream().anyMatch(v -> v < 1)) {
            return Optional.of("--vms: every count must be >= 1");
        }
        if (disks.stream().anyMatch(d -> d < 1)) {
            return Optional.of("--disks: every count must be >= 1");
        }
        return Optional.empty();
    }

    private static BenchmarkSpec withLayout(BenchmarkSpec spec, Layout layout) {
        StorageSpec s = spec.storage();
        StorageSpec changed = new StorageSpec(layout.vms(), layout.hosts(), s.datastore(), layout.disksPerVm(), s.diskSize(), s.thinDisks(),
                s.outstandingIos(), s.transferSizesKb(), s.databaseLike(), s.rampUp(), s.runtime(), s.quick(), s.interference());
        return new BenchmarkSpec(spec.run(), spec.cluster(), spec.workloads(), spec.infra(), changed, spec.search(), spec.serve());
    }

    private static StorageFile.ScalingLine line(Layout layout, DataPointResult r) {
        return new StorageFile.ScalingLine(StorageJson.point(r), layout.hosts(), layout.disksPerVm());
    }

}
