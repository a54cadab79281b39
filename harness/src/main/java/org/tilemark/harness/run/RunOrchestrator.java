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
import org.tilemark.harness.report.Reports;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformSettingException;
import org.tilemark.infra.platform.Platforms;
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
    private final AbortableWait abort = new AbortableWait();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final RunListener listener;
    /** The search whose maximum this run confirms ({@code search --confirm}), recorded in run.json; else null. */
    private String confirms;

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

    /** This run confirms the maximum of that search: run.json names it ({@code confirms}). Before {@link #run}. */
    public RunOrchestrator confirming(String searchId) {
        this.confirms = searchId;
        return this;
    }

    /** Asks a running run to stop early (Ctrl-C): drivers stop, measured intervals are kept, VMs are torn down. */
    public void abort() {
        abort.request();
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

    /**
     * The run's stages: preflight (nothing created on bad input), the bundle, deploy and measure on the
     * cluster (torn down after, unless shared), the verdict, the bundle's last files, the console's
     * lines, the report. A stage that fails leaves what the stages before it measured to the verdict.
     */
    private RunOutcome execute(BenchmarkSpec spec, Optional<TileCluster> shared, PhasePolicy policy) {
        // run.json's start is now, before the preflight's checks, as the user's command started it.
        RunProgress progress = new RunProgress(RunIds.next(), spec, listener);
        progress.record.confirms(confirms);
        String runId = progress.runId;
        List<Workload> workloads = Workloads.enabled(spec);
        HarnessSecrets secrets = new HarnessSecrets(spec.run().stateDir(), environment);
        Map<Integer, List<VmRequest>> requests;
        ResultsBundle bundle;
        try {
            requests = preflight(spec, workloads, secrets, shared.isEmpty());
            bundle = openBundle(spec, runId);
        } catch (Refused refused) {
            return refused.outcome;
        }
        try (bundle) {
            announce(spec, workloads, runId, bundle);
            onCluster(progress, shared, cluster -> {
                if (deploy(progress, cluster, requests, bundle)) {
                    measure(progress, cluster, workloads, secrets, bundle, policy);
                }
            });
            Verdict verdict = progress.verdict();
            bundle.writeScore(progress.scoreFile(verdict));
            bundle.writeRun(progress.record.toJson(progress.deployed, Instant.now()));
            tell(verdict, progress.failure());
            return new RunOutcome(verdict.verdict(), verdict.scoreLine(), bundle.directory(), verdict.exitCode());
        } catch (IOException e) {
            err.println("error: writing the results bundle failed: " + oneLine(e.getMessage()));
            return RunOutcome.failed(bundle.directory());
        } finally {
            report(bundle);
        }
    }

    /** A stage that ends the run before anything was created, with the outcome to return. */
    private static final class Refused extends Exception {
        private final transient RunOutcome outcome;

        Refused(RunOutcome outcome) {
            super(null, null, false, false);
            this.outcome = outcome;
        }
    }

    /**
     * Before anything is created: a server that does not answer or a refused login is bad input, and a
     * run with bad input leaves nothing behind. Returns each tile's VMs.
     */
    private Map<Integer, List<VmRequest>> preflight(BenchmarkSpec spec, List<Workload> workloads, HarnessSecrets secrets,
                                                    boolean connects) throws Refused {
        try {
            InfraRun.validate(spec);
            if (connects) {
                Platforms.create(spec.cluster()).close(); // a platform refusing its settings refuses them here
            }
            return vmRequests(spec, workloads, secrets);
        } catch (WorkloadConfigException | PlatformSettingException e) {
            err.println("error: " + oneLine(e.getMessage()));
            throw new Refused(RunOutcome.badInput());
        } catch (Exception e) {
            err.println("error: preparing the workloads failed: " + oneLine(e.getMessage()));
            throw new Refused(RunOutcome.failed(null));
        }
    }

    private ResultsBundle openBundle(BenchmarkSpec spec, String runId) throws Refused {
        try {
            return ResultsBundle.create(spec.run().results().toAbsolutePath().normalize().resolve(runId));
        } catch (IOException e) {
            err.println("error: cannot create the results bundle: " + oneLine(e.getMessage()));
            throw new Refused(RunOutcome.failed(null));
        }
    }

    private void announce(BenchmarkSpec spec, List<Workload> workloads, String runId, ResultsBundle bundle) {
        out.println("Run " + runId + ": " + spec.run().tiles() + " tile(s), profile " + spec.run().profile()
                + ", results in " + bundle.directory());
        if (!spec.infra().only()) {
            out.println(OfferedLoad.line(spec, workloads));
        }
        listener.started(runId, bundle.directory());
    }

    /** What a run does on its cluster; a failure in it is the run's failure, recorded in its progress. */
    private interface ClusterStage {
        void on(TileCluster cluster) throws Exception;
    }

    /** Opens the cluster (unless shared), runs {@code stage} on it, and tears it down whatever happened. */
    private void onCluster(RunProgress progress, Optional<TileCluster> shared, ClusterStage stage) {
        TileCluster cluster = shared.orElse(null);
        try {
            if (cluster == null) {
                cluster = TileCluster.open(progress.spec, progress.runId, out);
            }
            cluster.reportTo(progress.events);
            stage.on(cluster);
        } catch (Exception e) {
            progress.failed(e);
        } finally {
            if (cluster != null && shared.isEmpty()) {
                progress.record.platformClosing(progress.deployed);
                cluster.close();
            }
        }
    }

    /**
     * The tiles deployed (or resized), run.json written before and after. False if a stop came while they were
     * deployed: the run is aborted before measuring, and the VMs made so far are torn down with the cluster.
     */
    private boolean deploy(RunProgress progress, TileCluster cluster, Map<Integer, List<VmRequest>> requests,
                           ResultsBundle bundle) throws Exception {
        Platform platform = cluster.platform();
        progress.record.platform(platform);
        bundle.writeRun(progress.record.toJson(cluster.vms(), null));
        boolean deployed;
        try {
            deployed = abort.interruptibly(() -> cluster.resize(requests, progress.spec.run().provisionTimeout()));
        } finally {
            progress.deployed.addAll(cluster.vms());
        }
        bundle.writeRun(progress.record.toJson(progress.deployed, null));
        if (!deployed) {
            out.println("[provision] stopped: " + progress.deployed.size() + " VM(s) made so far are torn down");
            progress.abortedBeforeMeasuring();
        }
        return deployed;
    }

    /** Warm-up and the measured phases, with the infrastructure operations beside them; samples to the publishers. */
    private void measure(RunProgress progress, TileCluster cluster, List<Workload> workloads, HarnessSecrets secrets,
                         ResultsBundle bundle, PhasePolicy policy) throws Exception {
        BenchmarkSpec spec = progress.spec;
        Platform platform = cluster.platform();
        SamplePublisher publisher = Publishers.of(new BundlePublisher(bundle), new ConsolePublisher(out, spec.run()),
                new LivePublisher(listener), listener.metrics());
        DeployVm deploy = new DeployVm(platform, progress.runId, spec, secrets);
        Optional<InfraRun> infra = InfraRun.plan(spec, platform, progress.deployed, deploy, publisher, out);
        cluster.recordPlatformOperations(infra);
        if (infra.isPresent() && spec.infra().deploy().enabled()) {
            // Built now, so the first Deploy operation does not pay for the template.
            deploy.template();
        }
        StopPolicy stop = new StopPolicy(policy, spec.run().phases(), abort.latch());
        if (stop.abortRequested()) {
            progress.abortedBeforeMeasuring();
            return;
        }
        MeasurementLoop loop = new MeasurementLoop(new MeasurementLoop.Load(spec, workloads, secrets),
                new MeasurementLoop.Beside(infra, ClusterCpu.of(platform), VmProfiler.of(platform.resourceMeter(), bundle, out)),
                stop, publisher, out);
        try {
            progress.measured(loop.run(progress.deployed, progress.phases));
        } finally {
            progress.audited(loop.audits());
        }
    }

    /** The score line and the reasons on the console; the failure, if any, as the run's error on stderr. */
    private void tell(Verdict verdict, Optional<String> failed) {
        out.println(verdict.scoreLine());
        // the failure is the run's error (exit 3): stderr, one line; the other reasons explain the score
        verdict.reasons().stream().filter(r -> failed.map(f -> !r.equals(f)).orElse(true)).forEach(r -> out.println("  - " + r));
        failed.ifPresent(f -> err.println("error: " + oneLine(f)));
        listener.finished(verdict.verdict(), verdict.scoreLine());
        if (verdict.score() != null && verdict.score().applicationOnly()) {
            out.println("  (application score only: infrastructure operations were off)");
        }
    }

    private void report(ResultsBundle bundle) {
        try {
            Reports.rebuildAll(bundle.directory());
            out.println("Report: " + bundle.directory().resolve(BundleLayout.REPORT));
        } catch (Exception e) {
            err.println("warning: the report could not be written: " + oneLine(e.getMessage()));
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
        return vmRequests(spec, workloads, secrets, 1, spec.run().tiles());
    }

    /** Tiles {@code from..to}'s VMs, each workload prepared for each tile first. */
    static Map<Integer, List<VmRequest>> vmRequests(BenchmarkSpec spec, List<Workload> workloads,
                                                    HarnessSecrets secrets, int from, int to) throws Exception {
        Map<Integer, List<VmRequest>> requests = new LinkedHashMap<>();
        for (int tile = from; tile <= to; tile++) {
            List<VmRequest> tileVms = new ArrayList<>();
            for (Workload workload : workloads) {
                workload.prepare(tile, spec, secrets);
                tileVms.addAll(workload.vms(tile, spec, secrets));
            }
            requests.put(tile, tileVms);
        }
        return requests;
    }
}
