package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.infra.platform.Vm;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;

/**
 * A search's load path in one run: measured phases one after another on one interval clock, the tile count
 * changing only between them. The drivers of a running tile are never stopped until the tile leaves: while
 * tiles are deployed or destroyed, and while joining tiles warm up, every running tile's intervals are cut
 * as warm-up (unscored) intervals, so each tile's intervals run on without a gap from its join to its removal.
 * Infrastructure operations are planned afresh for each tile count, on the VMs deployed then.
 */
final class LoadPathLoop {

    /** The tiles' VM requests ({@code 1..n}), for {@link TileCluster#resize}. */
    @FunctionalInterface
    interface TileRequests {
        Map<Integer, List<VmRequest>> upTo(int tiles) throws Exception;
    }

    private final BenchmarkSpec spec;
    private final List<Workload> workloads;
    private final SecretSource secrets;
    private final TileCluster cluster;
    private final TileRequests requests;
    private final StopPolicy stopPolicy;
    private final SamplePublisher publisher;
    private final VmProfiler.Sampling vmProfile;
    /** The running tiles' VMs, which vm-profile.jsonl follows. */
    private final List<Vm> profiled = new ArrayList<>();
    private final DeployVm deployVm;
    private final PrintStream out;
    /** Every VM deployed so far, for run.json (a tile destroyed on the way stays listed). */
    private final List<TileProvisioner.DeployedVm> deployed;
    private final Drivers drivers = Drivers.none();
    private final Set<Integer> running = new TreeSet<>();
    private final LivePhaseWindows windows = new LivePhaseWindows();
    private final List<ScoreFile.Audit> audits = new ArrayList<>();
    private final ClusterCpu cpu;
    private final MeasuredWindow window;
    private Optional<InfraRun> infra = Optional.empty();
    private TilesAhead ahead;
    /** {@code search.deployAhead}, until a deployment ahead outlasts its warm-up. */
    private boolean deployAhead;
    private Instant origin;
    private Duration at = Duration.ZERO;
    private int index = 1;
    private int phase;

    LoadPathLoop(BenchmarkSpec spec, List<Workload> workloads, SecretSource secrets, TileCluster cluster,
                 TileRequests requests, StopPolicy stopPolicy, SamplePublisher publisher, VmProfiler profiler, DeployVm deployVm,
                 PrintStream out, List<TileProvisioner.DeployedVm> deployed) {
        this.deployed = deployed;
        this.spec = spec;
        this.workloads = workloads;
        this.secrets = secrets;
        this.cluster = cluster;
        this.requests = requests;
        this.stopPolicy = stopPolicy;
        this.publisher = publisher;
        this.vmProfile = profiler.following(() -> profiled);
        this.deployVm = deployVm;
        this.out = out;
        this.cpu = ClusterCpu.of(cluster.platform());
        this.window = new MeasuredWindow(cpu);
        this.deployAhead = spec.search().deployAhead();
    }

    /** Thrown out of the loop when an abort was asked: the phases scored so far stand. */
    static final class Aborted extends Exception {
        Aborted() {
            super("aborted", null, false, false);
        }
    }

    /**
     * Measures the phases {@code path} asks for, from {@code first}, each scored phase added to {@code phases}
     * as it ends (so a failure keeps the ones before it); tiles are deployed and destroyed as the path asks.
     */
    void run(LoadPathRun.Next first, LoadPathRun.Steering path, List<PhaseScore> phases) throws Exception {
        try (TilesAhead ahead = new TilesAhead(cluster, requests, spec.run().provisionTimeout(), out)) {
            this.ahead = ahead;
            for (Optional<LoadPathRun.Next> next = Optional.of(first); next.isPresent(); ) {
                if (next.get().tiles() != running.size()) {
                    changeTiles(next.get().tiles(), path);
                }
                LoadPathRun.MeasuredPhase measured = measure(next.get().length());
                phases.add(measured.score());
                next = path.afterPhase(measured);
            }
            noteDeployed(ahead.ended());
        } finally {
            stopInfra();
            audits.addAll(drivers.audit());
            drivers.close();
        }
    }

    /** The audits of committed data made as tiles left and at the end. */
    List<ScoreFile.Audit> audits() {
        return List.copyOf(audits);
    }

    /**
     * Makes the running tiles {@code 1..tiles}: the leaving tiles' drivers stop at once (their audits kept) and their
     * VMs are destroyed, and the tiles that stay warm up again from that stop before the next phase; the joining tiles are deployed,
     * powered on and their drivers started, each with a warm-up of its own, while the tiles that stay keep running
     * (their intervals cut as warm-up meanwhile). While the
     * joining tiles warm up, the tiles the path adds if the coming step passes are deployed ahead
     * ({@code search.deployAhead}), and the warm-up lasts until they are up: nothing is provisioned while a phase is
     * measured. Once such a deployment outlasts its warm-up by an interval, no more tiles are deployed ahead.
     */
    private void changeTiles(int tiles, LoadPathRun.Steering path) throws Exception {
        windows.noPhaseFollows();
        Set<Integer> leaving = new TreeSet<>(running);
        leaving.removeIf(tile -> tile <= tiles);
        Instant left = null;
        if (!leaving.isEmpty()) {
            // Their load ends with the phase: the staying tiles' warm-up counts from here, while the operation under way
            // finishes and the leaving VMs are destroyed (a Deploy of 20-50 s once held the warm-up back by as much).
            out.println("[load path] tile(s) " + leaving + " leave after phase " + phase);
            audits.addAll(drivers.leave(leaving));
            running.removeAll(leaving);
            profiled.removeIf(vm -> leaving.contains(vm.tile()));
            left = Instant.now();
        }
        stopInfraWhileDriven();
        while (!running.isEmpty() && ahead.busy()) { // the tiles deployed ahead of this change, if still booting
            warmupInterval();
        }
        noteDeployed(ahead.await(tiles));
        Map<Integer, List<VmRequest>> wanted = requests.upTo(tiles);
        try (ExecutorService provisioning = Executors.newSingleThreadExecutor()) {
            Future<?> resize = provisioning.submit(() -> {
                cluster.resize(wanted, spec.run().provisionTimeout());
                return null;
            });
            while (!running.isEmpty() && !endsThisInterval(resize)) {
                warmupInterval();
            }
            await(resize);
        }
        List<TileProvisioner.DeployedVm> vms = cluster.vms();
        noteDeployed(vms);
        Set<Integer> joining = Drivers.tilesUpTo(tiles);
        joining.removeAll(running);
        Instant warm;
        if (!joining.isEmpty()) {
            out.println("[load path] tile(s) " + joining + " join" + (phase == 0 ? "" : " after phase " + phase)
                    + ", with a warm-up of " + spec.run().warmup().toSeconds() + " s");
            DriverStart joined = drivers.join(joining, spec, workloads, vms, secrets);
            origin = joined.runOrigin(); // the run's intervals are cut on the first join's clock
            running.addAll(joining);
            vms.stream().map(TileProvisioner.DeployedVm::vm).filter(vm -> joining.contains(vm.tile())).forEach(profiled::add);
            if (deployAhead) {
                ahead.during(joining, tiles, path.ifStepPasses());
            }
            warm = joined.origin().plus(spec.run().warmup());
        } else {
            // As in Weathervane's load steps down: the staying tiles' backlog from the step above is no part of this one.
            out.println("[load path] tile(s) " + running + " warm up again for " + spec.run().warmup().toSeconds()
                    + " s after tile(s) " + leaving + " left");
            warm = left.plus(spec.run().warmup());
        }
        while (origin.plus(at).isBefore(warm) || ahead.busy()) {
            warmupInterval();
        }
        Duration over = Duration.between(warm, origin.plus(at));
        if (deployAhead && !joining.isEmpty() && over.compareTo(spec.run().interval()) >= 0) {
            // The cluster is loaded enough that a deployment outlasts a warm-up: the next steps are likelier to
            // fail, and a speculative deployment would only lengthen their warm-ups. Tiles join as they are deployed.
            deployAhead = false;
            out.println("[load path] deploying tiles ahead outlasted the warm-up by " + over.toSeconds()
                    + " s: from now on tiles are deployed when they join");
        }
        infra = InfraRun.plan(spec, cluster.platform(), cluster.vms(), deployVm, publisher, out);
        cluster.recordPlatformOperations(infra);
        // Started once per tile count, as its first phase begins now: that count's later phases find them running.
        infra.ifPresent(i -> i.start(this::phaseAt));
    }

    /** Lists the VMs not yet in run.json's list. */
    private void noteDeployed(List<TileProvisioner.DeployedVm> vms) {
        for (TileProvisioner.DeployedVm vm : vms) {
            if (deployed.stream().noneMatch(known -> known.vm().name().equals(vm.vm().name()))) {
                deployed.add(vm);
            }
        }
    }

    /**
     * Waits for {@code work} until the running tiles' current interval ends: whether it ended by then (so a change with
     * nothing to deploy does not wait out an interval; the tiles join mid-interval and the next cut keeps the clock).
     */
    private boolean endsThisInterval(Future<?> work) throws InterruptedException {
        Duration left = Duration.between(Instant.now(), origin.plus(at).plus(spec.run().interval()));
        try {
            work.get(Math.max(0, left.toMillis()), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true; // await throws its cause
        }
        return true;
    }

    private static void await(Future<?> work) throws Exception {
        try {
            work.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    /** One measured phase of {@code length} at the running tiles, scored and published as it ends, with the cluster's CPU. */
    private LoadPathRun.MeasuredPhase measure(Duration length) throws Exception {
        phase++;
        ClusterCpu.Mark from = cpu.mark();
        Duration harnessCpuFrom = MeasuredWindow.processCpu();
        PhaseTally tally = new PhaseTally(spec, workloads, infra);
        Duration end = at.plus(length);
        windows.add(phase, origin.plus(at), origin.plus(end));
        if (!window.started()) {
            window.start();
        }
        while (at.compareTo(end) < 0) {
            Duration sliceEnd = min(at.plus(spec.run().interval()), end);
            cut(new MeasurementPlan.Slot(index++, phase, at, sliceEnd), tally, end.minus(sliceEnd));
            window.measured(sliceEnd.minus(at));
            at = sliceEnd;
        }
        if (!(tally.end(phase, length) instanceof PhaseEnd.Scored(PhaseScore score))) {
            throw new IllegalStateException("a load path measures workloads: phase " + phase + " scored nothing");
        }
        publisher.phaseEnded(new PhaseEnd.Scored(score));
        return new LoadPathRun.MeasuredPhase(score, length, cpu.percentBetween(from, cpu.mark()),
                MeasuredWindow.processCpu().minus(harnessCpuFrom));
    }

    /** One unscored interval of every running tile, between phases or before the first. */
    private void warmupInterval() throws Exception {
        Duration end = at.plus(spec.run().interval());
        cut(new MeasurementPlan.Slot(index++, 0, at, end), null, Duration.ZERO);
        at = end;
    }

    /** Waits for the slot's end, then cuts and publishes every running driver's interval. */
    private void cut(MeasurementPlan.Slot slot, PhaseTally tally, Duration phaseLeft) throws Exception {
        if (stopPolicy.waitUntil(origin.plus(slot.end())).isPresent()) {
            throw new Aborted();
        }
        MeasurementLoop.noteLate(out, origin.plus(slot.end()), spec.run().interval());
        MeasurementLoop.Samples samples = MeasurementLoop.samples(spec, List.copyOf(drivers.all()), slot, tally);
        publisher.interval(new IntervalCut(slot, origin, Math.max(phase, 1), phaseLeft, phaseLeft, samples.samples(),
                window.intervalCpu()));
        samples.rethrow();
        vmProfile.interval(slot, origin.plus(slot.start()), origin.plus(slot.end()));
    }

    /** The measured phase an instant falls in; 0 between phases. */
    private int phaseAt(Instant instant) {
        return windows.phaseAt(instant);
    }

    /**
     * Stops the infrastructure operations (an operation under way, a Deploy's 20-40 s, is let finish) while the running
     * tiles' intervals are cut on time, so that no warm-up interval holds the counts of several.
     */
    private void stopInfraWhileDriven() throws Exception {
        windows.noPhaseFollows();
        if (infra.isEmpty()) {
            return;
        }
        InfraRun stopping = infra.get();
        infra = Optional.empty();
        try (ExecutorService stopper = Executors.newSingleThreadExecutor()) {
            Future<?> stopped = stopper.submit(() -> {
                stopping.stop();
                return null;
            });
            while (!endsThisInterval(stopped)) {
                warmupInterval();
            }
            await(stopped);
        }
    }

    private void stopInfra() throws InterruptedException {
        windows.noPhaseFollows(); // an operation ending now is in no phase; none waits to learn it while we wait for it
        if (infra.isPresent()) {
            infra.get().stop();
            infra = Optional.empty();
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
