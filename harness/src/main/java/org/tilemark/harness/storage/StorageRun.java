package org.tilemark.harness.storage;

import org.tilemark.harness.bundle.StorageFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigWriter;
import org.tilemark.config.DataSizes;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.run.HarnessSecrets;
import org.tilemark.harness.run.ProgressBar;
import org.tilemark.harness.run.RunIds;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.workloads.storage.IoGuestRole;
import org.tilemark.harness.bundle.BundleLayout;

/**
 * {@code tilemark storage}: deploys the I/O VMs on the chosen hosts and datastore, runs every data
 * point of the matrix with all VMs in lockstep (ramp-up, then measured runtime), samples the hosts'
 * CPU over each measured window, and writes the results bundle: {@code storage.jsonl} (a line per data
 * point, flushed as measured), {@code storage.csv}, {@code tables.txt}, charts, {@code report.html},
 * manifest. A failing data point (e.g. the datastore filled up) ends the run; what was measured stays.
 */
public final class StorageRun {

    private final PrintStream out;
    /** Errors and warnings (stderr), one line each; progress and tables go to {@code out}. */
    private final PrintStream err;
    private final Map<String, String> environment;

    public StorageRun(PrintStream out, PrintStream err, Map<String, String> environment) {
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    /** Errors and progress on one console (tests that read the whole of what a run printed). */
    public StorageRun(PrintStream console, Map<String, String> environment) {
        this(console, console, environment);
    }

    /** What was measured and how the run ended. */
    record Outcome(List<DataPointResult> results, Optional<String> failure, Path bundle) {
    }

    public int run(BenchmarkSpec spec, boolean quick) {
        StorageSettings settings;
        try {
            settings = StorageSettings.of(spec, quick);
        } catch (PlatformException e) {
            return StorageSettings.refused(e, err);
        }
        String runId = "storage-" + RunIds.next();
        Path directory = spec.run().results().toAbsolutePath().normalize().resolve(runId);
        List<DataPoint> points = StorageMatrix.points(spec.storage());
        Outcome outcome;
        try (ResultsBundle bundle = ResultsBundle.createPlain(directory)) {
            out.println("Storage run " + runId + ": " + settings.describe() + ", " + points.size() + " data points, results in "
                    + directory);
            outcome = measure(spec, settings, runId, points, bundle.directory(),
                    result -> bundle.appendStoragePoint(StorageJson.point(result)));
            bundle.writeStorageRun(runJson(spec, settings, runId, outcome));
        } catch (IOException e) {
            err.println("error: writing the results bundle failed: " + e.getMessage());
            return RunOutcome.RUNTIME_FAILURE;
        }
        try {
            StorageReport.write(directory, outcome.results(), settings, outcome.failure());
            Manifest.write(directory);
        } catch (IOException e) {
            err.println("warning: the report could not be written: " + e.getMessage());
        }
        out.print(StorageTables.console(outcome.results()));
        out.println("Report: " + directory.resolve(BundleLayout.REPORT));
        outcome.failure().ifPresent(f -> err.println("error: Storage run failed: " + f + " (" + outcome.results().size()
                + " completed data points kept)"));
        return outcome.failure().isPresent() ? RunOutcome.RUNTIME_FAILURE : RunOutcome.COMPLIANT;
    }

    /** Deploys the I/O VMs, runs {@code points} in order (each result goes to {@code sink} at once), tears down. */
    Outcome measure(BenchmarkSpec spec, StorageSettings settings, String runId, List<DataPoint> points, Path bundle,
                    java.util.function.Consumer<DataPointResult> sink) {
        List<DataPointResult> results = new ArrayList<>();
        try (IoCluster cluster = IoCluster.open(spec, settings, runId, token(spec), out)) {
            for (int i = 0; i < points.size(); i++) {
                DataPoint point = points.get(i);
                DataPointResult result = cluster.run(point, settings.rampUp(), settings.runtime(), spec.run().seed() + i);
                results.add(result);
                sink.accept(result);
                out.println("[storage " + (i + 1) + "/" + points.size() + "] " + ProgressBar.bar(i + 1, points.size()) + " "
                        + StorageTables.progress(result));
            }
            return new Outcome(results, Optional.empty(), bundle);
        } catch (PlatformException | IOException e) {
            return new Outcome(results, Optional.of(e.getMessage()), bundle);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(results, Optional.of("interrupted"), bundle);
        }
    }

    /** The I/O VMs' control token: from the environment, else generated and kept in the work directory. */
    String token(BenchmarkSpec spec) {
        return new HarnessSecrets(spec.run().stateDir(), environment).secret("io-control-token", IoGuestRole.TOKEN_ENV, null);
    }

    private static StorageFile.Run runJson(BenchmarkSpec spec, StorageSettings settings, String runId, Outcome outcome) {
        return new StorageFile.Run(runId, StorageFile.MODE, settings.quick(), outcome.results().size(),
                outcome.failure().orElse(null), ConfigWriter.toMap(spec), Instant.now().toString());
    }

    static long bytes(String size) {
        return DataSizes.parseBytes(size);
    }

    static List<String> hostNames(Platform platform) {
        return platform.inventory().hosts().stream().map(Inventory.Host::name).toList();
    }
}
