package org.tilemark.harness.storage;

import org.tilemark.harness.bundle.StorageFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.DataSizes;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.run.RunIds;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.workloads.storage.AccessSpec;
import org.tilemark.harness.bundle.BundleLayout;

/**
 * {@code tilemark storage interference}: the I/O VMs run the 70/30 spec without a break while a
 * metadata loop creates and deletes a small virtual disk on their datastore ever more often; I/O rate
 * and response time per interval against the current create/delete interval, and the interval at
 * which I/O drops more than {@value #DROP_PERCENT} % below the baseline.
 */
public final class StorageInterferenceRun {

    static final double DROP_PERCENT = 5;
    private static final Duration BACK_TO_BACK_LEAD = Duration.ofMillis(200);

    /** One measured I/O interval and the metadata pairs done in it. */
    record IntervalResult(int step, InterferenceSchedule.Step schedule, int index, DataPointResult io, MetadataLoop.Count metadata) {
    }

    private final PrintStream out;
    /** Errors and warnings (stderr), one line each; progress and tables go to {@code out}. */
    private final PrintStream err;
    private final Map<String, String> environment;

    public StorageInterferenceRun(PrintStream out, PrintStream err, Map<String, String> environment) {
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    public int run(BenchmarkSpec spec, boolean quick) {
        StorageSettings settings;
        try {
            settings = StorageSettings.of(spec, quick);
        } catch (PlatformException e) {
            return StorageSettings.refused(e, err);
        }
        InterferenceSchedule schedule = InterferenceSchedule.of(spec.storage().interference(), quick);
        long diskBytes = DataSizes.parseBytes(spec.storage().interference().diskSize());
        DataPoint point = new DataPoint(StorageMatrix.DATABASE_LIKE, 0, AccessSpec.databaseLike(spec.storage().outstandingIos()));
        String runId = "storage-interference-" + RunIds.next();
        Path directory = spec.run().results().toAbsolutePath().normalize().resolve(runId);
        List<IntervalResult> results = new ArrayList<>();
        Optional<String> failure = Optional.empty();
        try (ResultsBundle bundle = ResultsBundle.createPlain(directory)) {
            out.println("Storage interference run " + runId + ": " + settings.describe() + "; " + schedule.steps().size()
                    + " steps of " + InterferenceSchedule.Fmt.seconds(schedule.stepDuration()) + ", a "
                    + spec.storage().interference().diskSize() + " disk created and deleted; results in " + directory);
            try (IoCluster cluster = IoCluster.open(spec, settings, runId, new StorageRun(out, err, environment).token(spec), out)) {
                failure = measure(cluster, settings, schedule, point, diskBytes, spec.run().seed(), results, bundle);
            } catch (PlatformException | IOException e) {
                failure = Optional.of(e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = Optional.of("interrupted");
            }
        } catch (IOException e) {
            err.println("error: writing the results bundle failed: " + e.getMessage());
            return RunOutcome.RUNTIME_FAILURE;
        }
        String summary = InterferenceReport.summary(results, schedule);
        try {
            InterferenceReport.write(directory, results, schedule, summary);
            Manifest.write(directory);
        } catch (IOException e) {
            err.println("warning: the report could not be written: " + e.getMessage());
        }
        out.print("\n" + summary);
        out.println("Report: " + directory.resolve(BundleLayout.REPORT));
        failure.ifPresent(f -> err.println("error: Storage interference run failed: " + f + " (intervals measured before are kept)"));
        return failure.isPresent() ? RunOutcome.RUNTIME_FAILURE : RunOutcome.COMPLIANT;
    }

    private Optional<String> measure(IoCluster cluster, StorageSettings settings, InterferenceSchedule schedule, DataPoint point,
                                     long diskBytes, long seed, List<IntervalResult> results, ResultsBundle bundle)
            throws IOException, InterruptedException {
        boolean first = true;
        for (int s = 0; s < schedule.steps().size(); s++) {
            InterferenceSchedule.Step step = schedule.steps().get(s);
            MetadataLoop loop = step.every().map(every -> new MetadataLoop(cluster.platform(), settings.datastore(), diskBytes, every))
                    .orElse(null);
            try {
                for (int i = 1; i <= schedule.intervalsPerStep(); i++) {
                    MetadataLoop.Count before = loop == null ? MetadataLoop.none() : loop.count();
                    // The first interval ramps up; later ones follow at once, so the I/O never pauses for long.
                    DataPointResult io = cluster.run(point, first ? settings.rampUp() : Duration.ZERO, schedule.interval(),
                            seed + results.size(), first ? Duration.ofSeconds(2) : BACK_TO_BACK_LEAD);
                    first = false;
                    MetadataLoop.Count during = loop == null ? MetadataLoop.none() : loop.count().minus(before);
                    IntervalResult r = new IntervalResult(s, step, results.size() + 1, io, during);
                    results.add(r);
                    bundle.appendInterferenceLine(line(r));
                    out.println(InterferenceReport.progress(r));
                    if (loop != null && loop.failure().isPresent()) {
                        return Optional.of("metadata loop: " + loop.failure().get());
                    }
                }
            } finally {
                if (loop != null) {
                    loop.close();
                }
            }
        }
        return Optional.empty();
    }

    private static StorageFile.InterferenceLine line(IntervalResult r) {
        return new StorageFile.InterferenceLine(StorageJson.point(r.io()), r.index(), r.step(),
                r.schedule().every().map(java.time.Duration::toMillis).orElse(null), r.metadata().pairs(),
                StorageJson.round(r.metadata().meanMs()));
    }
}
