package org.tilemark.harness.run;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.report.Reports;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettingException;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.scoring.RunVerdict;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadConfigException;
import org.tilemark.workloads.Workloads;
import org.tilemark.harness.bundle.BundleLayout;

/**
 * One benchmark run through its stages: provision the tiles, warm up, measure the phases, score,
 * tear down, write the report. Whatever happens, measured intervals stay in the bundle, VMs are
 * destroyed, and the verdict names the cause.
 */
public final class RunOrchestrator {

    private final PrintStream out;
    /** Where errors and warnings go (stderr), one line each; progress and the score line go to {@code out}. */
    private final PrintStream err;
    private final Map<String, String> environment;
    private final CountDownLatch abortRequested = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final RunListener listener;

    public RunOrchestrator(PrintStream out, PrintStream err, Map<String, String> environment) {
        this(out, err, environment, RunListener.NONE);
    }

    /**
     * @param err      errors, one line each (a run's failure: exit 3)
     * @param listener told each interval's measurements, each infra operation and the verdict (a live view)
     */
    public RunOrchestrator(PrintStream out, PrintStream err, Map<String, String> environment, RunListener listener) {
        this.out = out;
        this.err = err;
        this.environment = environment;
        this.listener = listener;
    }

    /** Errors and progress on one console (tests that read the whole of what a run printed). */
    public RunOrchestrator(PrintStream console, Map<String, String> environment) {
        this(console, console, environment);
    }

    /** Asks a running run to stop early (Ctrl-C): drivers stop, measured intervals are kept, VMs are torn down. */
    public void abort() {
        abortRequested.countDown();
    }

    public boolean awaitFinished(Duration timeout) throws InterruptedException {
        return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public RunOutcome run(BenchmarkSpec spec) {
        return run(spec, Optional.empty(), PhasePolicy.MEASURE_ALL);
    }

    /**
     * A run on tiles kept in {@code cluster}: only the tiles that differ from what is deployed are
     * deployed or destroyed, and the cluster stays up afterwards (the caller closes it).
     */
    public RunOutcome run(BenchmarkSpec spec, TileCluster cluster, PhasePolicy policy) {
        return run(spec, Optional.of(cluster), policy);
    }

    private RunOutcome run(BenchmarkSpec spec, Optional<TileCluster> shared, PhasePolicy policy) {
        try {
            return execute(spec, shared, policy);
        } finally {
            finished.countDown();
        }
    }

    private RunOutcome execute(BenchmarkSpec spec, Optional<TileCluster> shared, PhasePolicy policy) {
        String runId = RunIds.next();
        RunRecord record = new RunRecord(runId, spec, Instant.now());
        RunEvents events = new RunEvents(listener);
        List<TileProvisioner.DeployedVm> deployed = new ArrayList<>();
        List<PhaseScore> phases = new ArrayList<>();
        String failure = null;
        boolean aborted = false;
        MeasurementLoop.Summary measurement = null;
        List<ScoreFile.Audit> audits = List.of();
        List<Workload> workloads = Workloads.enabled(spec);
        HarnessSecrets secrets = new HarnessSecrets(spec.run().stateDir(), environment);
        Map<Integer, List<VmRequest>> requests;
        try {
            // Before anything is created: a server that does not answer or a refused login is bad
            // input, and a run with bad input leaves nothing behind.
            InfraRun.validate(spec);
            if (shared.isEmpty()) {
                Platforms.create(spec.cluster()).close(); // a platform refusing its settings refuses them here
            }
            requests = vmRequests(spec, workloads, secrets);
        } catch (WorkloadConfigException | PlatformSettingException e) {
            err.println("error: " + oneLine(e.getMessage()));
            return new RunOutcome("bad input", "", null, RunOutcome.BAD_INPUT);
        } catch (Exception e) {
            err.println("error: preparing the workloads failed: " + oneLine(e.getMessage()));
            return new RunOutcome(RunVerdict.FAILED.word(), "", null, RunOutcome.RUNTIME_FAILURE);
        }
        ResultsBundle bundle;
        try {
            bundle = ResultsBundle.create(spec.run().results().toAbsolutePath().normalize().resolve(runId));
        } catch (IOException e) {
            err.println("error: cannot create the results bundle: " + oneLine(e.getMessage()));
            return new RunOutcome(RunVerdict.FAILED.word(), "", null, RunOutcome.RUNTIME_FAILURE);
        }
        try (bundle) {
            out.println("Run " + runId + ": " + spec.run().tiles() + " tile(s), profile " + spec.run().profile()
                    + ", results in " + bundle.directory());
            if (!spec.infra().only()) {
                out.println(OfferedLoad.line(spec, workloads));
            }
            listener.started(runId, bundle.directory());
            TileCluster cluster = shared.orElse(null);
            try {
                if (cluster == null) {
                    cluster = TileCluster.open(spec, runId, out);
                }
                cluster.reportTo(events);
                Platform platform = cluster.platform();
                record.platform(platform);
                bundle.writeRun(record.toJson(cluster.vms(), null));
                try {
                    cluster.resize(requests, spec.run().provisionTimeout());
                } finally {
                    deployed.addAll(cluster.vms());
                }
                bundle.writeRun(record.toJson(deployed, null));
                Optional<InfraRun> infra = InfraRun.plan(spec, platform, deployed, new DeployVm(platform, runId, spec, secrets),
                        bundle, out, listener);
                cluster.recordPlatformOperations(infra);
                if (infra.isPresent() && spec.infra().deploy().enabled()) {
                    // Built now, so the first Deploy operation does not pay for the template.
                    new DeployVm(platform, runId, spec, secrets).template();
                }
                if (abortRequested.getCount() == 0) {
                    aborted = true;
                } else {
                    MeasurementLoop loop = new MeasurementLoop(spec, workloads, secrets, bundle, out, abortRequested, infra,
                            ClusterCpu.of(platform), policy, listener);
                    loop.profileWith(VmProfiler.of(platform.resourceMeter(), bundle, out));
                    try {
                        measurement = loop.run(deployed, phases);
                    } finally {
                        audits = loop.audits();
                    }
                    aborted = measurement.aborted();
                }
            } catch (PlatformException e) {
                failure = e.getMessage();
            } catch (Exception e) {
                failure = e.getClass().getSimpleName() + ": " + e.getMessage();
            } finally {
                if (cluster != null && shared.isEmpty()) {
                    record.platformClosing(deployed);
                    cluster.close();
                }
            }
            Verdict verdict = spec.infra().only()
                    ? Verdict.infrastructureOnly(spec, measurement == null ? Map.of() : measurement.infra(), events.all(), aborted, failure)
                    : Verdict.of(spec, phases, events.all(), aborted, failure,
                            measurement == null ? Optional.empty() : measurement.stoppedEarly(), audits);
            ScoreFile.Cost cost = measurement == null ? null : ScoreFile.Cost.of(measurement.harnessCpu(),
                    measurement.measured(), spec.run().tiles(), measurement.clusterCpuPercent());
            bundle.writeScore(ScoreFile.of(verdict.score(), measurement == null ? Map.of() : measurement.infra(), runId,
                    verdict.verdict(), verdict.reasons(), events.all().stream().map(e -> ScoreFile.Event.of(e.at(), e.what()))
                            .toList(), verdict.scoreLine(), cost, audits));
            bundle.writeRun(record.toJson(deployed, Instant.now()));
            out.println(verdict.scoreLine());
            String failed = failure == null ? null : Verdict.failed(failure);
            // the failure is the run's error (exit 3): stderr, one line; the other reasons explain the score
            verdict.reasons().stream().filter(r -> !r.equals(failed)).forEach(r -> out.println("  - " + r));
            if (failed != null) {
                err.println("error: " + oneLine(failed));
            }
            listener.finished(verdict.word(), verdict.scoreLine());
            if (verdict.score() != null && verdict.score().applicationOnly()) {
                out.println("  (application score only: infrastructure operations were off)");
            }
            return new RunOutcome(verdict.word(), verdict.scoreLine(), bundle.directory(), verdict.exitCode());
        } catch (IOException e) {
            err.println("error: writing the results bundle failed: " + oneLine(e.getMessage()));
            return new RunOutcome(RunVerdict.FAILED.word(), "", bundle.directory(), RunOutcome.RUNTIME_FAILURE);
        } finally {
            try {
                Reports.rebuildAll(bundle.directory());
                out.println("Report: " + bundle.directory().resolve(BundleLayout.REPORT));
            } catch (Exception e) {
                err.println("warning: the report could not be written: " + oneLine(e.getMessage()));
            }
        }
    }

    /** The first line of a message that may hold several (an exception's cause, a server's reply). */
    static String oneLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }

    /**
     * The checks of the run's input that need more than the configuration module knows (VM roles), the
     * ones {@link #run} makes first; {@code validate} makes them too, so both agree. Creates nothing.
     */
    public static List<String> preflight(BenchmarkSpec spec) {
        try {
            InfraRun.validate(spec);
            return List.of();
        } catch (WorkloadConfigException e) {
            return List.of(e.getMessage());
        }
    }

    private static Map<Integer, List<VmRequest>> vmRequests(BenchmarkSpec spec, List<Workload> workloads,
                                                            HarnessSecrets secrets) throws Exception {
        Map<Integer, List<VmRequest>> requests = new LinkedHashMap<>();
        for (int tile = 1; tile <= spec.run().tiles(); tile++) {
            List<VmRequest> tileVms = new ArrayList<>();
            for (Workload workload : workloads) {
                workload.prepare(tile, spec, secrets);
                tileVms.addAll(workload.vms(tile, spec, secrets));
            }
            requests.put(tile, tileVms);
        }
        return requests;
    }

    /** run.json: configuration snapshot, inventory and placement, versions, start and end. */
    private static final class RunRecord {
        private final String runId;
        private final BenchmarkSpec spec;
        private final Instant startedAt;
        private Platform platform;
        private RunJson.PlatformFacts facts = RunJson.PlatformFacts.NONE;

        RunRecord(String runId, BenchmarkSpec spec, Instant startedAt) {
            this.runId = runId;
            this.spec = spec;
            this.startedAt = startedAt;
        }

        void platform(Platform p) {
            this.platform = p;
        }

        /** Asks the open platform what run.json records of it; a closed one is not asked (its connections are gone). */
        void platformClosing(List<TileProvisioner.DeployedVm> vms) {
            ask(vms);
            platform = null;
        }

        RunFile toJson(List<TileProvisioner.DeployedVm> vms, Instant endedAt) {
            ask(vms);
            return RunJson.of(runId, spec, startedAt, endedAt, facts, vms);
        }

        private void ask(List<TileProvisioner.DeployedVm> vms) {
            if (platform == null) {
                return;
            }
            try {
                facts = RunJson.PlatformFacts.of(platform, vms);
            } catch (RuntimeException e) {
                // A host that stopped answering: run.json keeps what the platform said last, and is still written.
            }
        }
    }
}
