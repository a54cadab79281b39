package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.Workloads;

/**
 * A search's load path as one run ({@code tilemark search}): measured phases whose tile count the path sets
 * phase by phase, every running tile's drivers going from its join to its removal ({@link LoadPathLoop}). Writes
 * the run's files into the given bundle (run.json, intervals.jsonl, histograms, infra-ops.jsonl); what the
 * phases mean as steps is the caller's.
 */
public final class LoadPathRun {

    /** The next phase the path asks for: its tile count and its length. */
    public record Next(int tiles, Duration length) {
    }

    /**
     * A measured phase as the path is told it: its score, its length, the cluster's CPU utilization over it
     * (% of all hosts' threads; empty where the platform cannot tell), the CPU time the harness process used over it
     * (as a run's score.json {@code harnessCpu} counts it over its phases), and the VMs that stopped unasked since
     * the phase before it ended ({@link VmStop} sentences: each fails the phase's step, as it fails a run).
     */
    public record MeasuredPhase(PhaseScore score, Duration length, OptionalDouble clusterCpuPercent, Duration harnessCpu,
                                List<String> vmStops) {
        public MeasuredPhase {
            vmStops = List.copyOf(vmStops);
        }

        MeasuredPhase(PhaseScore score, Duration length, OptionalDouble clusterCpuPercent, Duration harnessCpu) {
            this(score, length, clusterCpuPercent, harnessCpu, List.of());
        }

        /** The same phase, with the VMs that stopped unasked during it. */
        MeasuredPhase withVmStops(List<String> stops) {
            return new MeasuredPhase(score, length, clusterCpuPercent, harnessCpu, stops);
        }

        /** Whether the phase passed: its QoS, and no VM stopped. */
        public boolean passed() {
            return score.qos().passed() && vmStops.isEmpty();
        }
    }

    /** Decides after each scored phase what comes next; empty ends the run. */
    @FunctionalInterface
    public interface Steering {
        Optional<Next> afterPhase(MeasuredPhase phase);

        /**
         * The tile count the path goes to once the step about to be measured ends, if its phases pass; empty
         * where it would end. More tiles than run now are deployed and powered on while the step is measured.
         */
        default OptionalInt ifStepPasses() {
            return OptionalInt.empty();
        }
    }

    /**
     * What the run measured: every scored phase in order, the audits of committed data (made as tiles left),
     * things that happened to its VMs, and the failure or abort that ended it early, if any.
     */
    public record Result(List<PhaseScore> phases, List<ScoreFile.Audit> audits, List<String> events,
                         Optional<String> failure, boolean aborted) {
        public Result {
            phases = List.copyOf(phases);
            audits = List.copyOf(audits);
            events = List.copyOf(events);
        }
    }

    private final PrintStream out;
    private final Map<String, String> environment;
    private final RunListener listener;
    private final CountDownLatch abort = new CountDownLatch(1);

    /** A run that tells {@code listener} (a live view's, {@code search --serve}) its intervals, operations and events. */
    public LoadPathRun(PrintStream out, Map<String, String> environment, RunListener listener) {
        this.out = out;
        this.environment = environment;
        this.listener = listener;
    }

    /** Ends the run at the next interval boundary: the phases scored so far stand, the tiles are torn down. */
    public void abort() {
        abort.countDown();
    }

    /** {@code path}, told with each phase the VMs that stopped since the phase before it ended. */
    private static Steering withVmStops(Steering path, RunEvents events, Instant start) {
        return new Steering() {
            private Instant last = start;

            @Override
            public Optional<Next> afterPhase(MeasuredPhase phase) {
                List<String> stops = events.vmStopsAfter(last);
                last = Instant.now();
                return path.afterPhase(phase.withVmStops(stops));
            }

            @Override
            public OptionalInt ifStepPasses() {
                return path.ifStepPasses();
            }
        };
    }

    /** Runs the path from {@code first} on {@code spec}'s cluster ({@code run.tiles} is the most it may ask for). */
    public Result run(BenchmarkSpec spec, String runId, ResultsBundle bundle, Next first, Steering path) {
        List<Workload> workloads = Workloads.enabled(spec);
        HarnessSecrets secrets = new HarnessSecrets(spec.run().stateDir(), environment);
        Instant started = Instant.now();
        RunRecord record = new RunRecord(runId, spec, started);
        RunEvents events = new RunEvents(listener);
        List<PhaseScore> phases = new ArrayList<>();
        List<TileProvisioner.DeployedVm> deployed = new ArrayList<>();
        LoadPathLoop loop = null;
        Optional<String> failure = Optional.empty();
        boolean aborted = false;
        try (TileCluster cluster = TileCluster.open(spec, runId, out)) {
            cluster.reportTo(events);
            record.platform(cluster.platform());
            bundle.writeRun(record.toJson(deployed, null));
            listener.started(runId, bundle.directory());
            SamplePublisher publisher = Publishers.of(new BundlePublisher(bundle), new ConsolePublisher(out, spec.run()),
                    new LivePublisher(listener), listener.metrics());
            DeployVm deployVm = new DeployVm(cluster.platform(), runId, spec, secrets);
            TreeMap<Integer, List<VmRequest>> prepared = new TreeMap<>();
            LoadPathLoop.TileRequests requests = tiles -> {
                // each tile's workloads are prepared once, when it first joins
                prepared.putAll(RunOrchestrator.vmRequests(spec, workloads, secrets, prepared.size() + 1, tiles));
                return new TreeMap<>(prepared.headMap(tiles + 1));
            };
            loop = new LoadPathLoop(spec, workloads, secrets, cluster, requests, new StopPolicy(PhasePolicy.MEASURE_ALL,
                    Integer.MAX_VALUE, abort), publisher, VmProfiler.of(cluster.platform().resourceMeter(), bundle, out), deployVm, out, deployed);
            try {
                loop.run(first, withVmStops(path, events, started), phases);
            } finally {
                record.platformClosing(deployed);
            }
        } catch (LoadPathLoop.Aborted e) {
            aborted = true;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            failure = Optional.of(e.getClass().getSimpleName() + ": " + RunOrchestrator.oneLine(e.getMessage()));
        }
        try {
            bundle.writeRun(record.toJson(deployed, Instant.now()));
        } catch (java.io.IOException e) {
            failure = failure.or(() -> Optional.of("writing run.json failed: " + e.getMessage()));
        }
        return new Result(phases, loop == null ? List.of() : loop.audits(),
                events.all().stream().map(RunEvents.Event::what).toList(), failure, aborted);
    }
}
