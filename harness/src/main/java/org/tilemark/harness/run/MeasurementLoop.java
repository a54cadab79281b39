package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.PhaseAccumulator;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.driver.IntervalSnapshot;

/**
 * Runs the drivers through warm-up and the measurement phases on a fixed interval clock: at every
 * interval boundary each driver's interval is cut into an {@link IntervalSample} and the cut goes to
 * the publishers (bundle, console, live view); at a phase's end the phase is scored and published,
 * and the {@link StopPolicy} says whether measuring goes on.
 */
final class MeasurementLoop {

    private final BenchmarkSpec spec;
    private final List<Workload> workloads;
    private final SecretSource secrets;
    private final Optional<InfraRun> infra;
    private final ClusterCpu cpu;
    private final VmProfiler profiler;
    private final StopPolicy stopPolicy;
    private final SamplePublisher publisher;
    private final PrintStream out;
    private List<ScoreFile.Audit> audits = List.of();

    /** What the drivers run: the spec, its workloads and the secrets their users need. */
    record Load(BenchmarkSpec spec, List<Workload> workloads, SecretSource secrets) {
    }

    /**
     * What runs and is read beside the drivers on the same clock: the infrastructure loops (none when off), the
     * cluster's CPU, and what each VM used per interval ({@link VmProfiler#NONE} where nothing is profiled).
     */
    record Beside(Optional<InfraRun> infra, ClusterCpu cpu, VmProfiler profiler) {
    }

    MeasurementLoop(Load load, Beside beside, StopPolicy stopPolicy, SamplePublisher publisher, PrintStream out) {
        this.spec = load.spec();
        // An infrastructure-only run deploys the workloads' VMs but drives none of them.
        this.workloads = spec.infra().only() ? List.of() : load.workloads();
        this.secrets = load.secrets();
        this.infra = beside.infra();
        this.cpu = beside.cpu();
        this.profiler = beside.profiler();
        this.stopPolicy = stopPolicy;
        this.publisher = publisher;
        this.out = out;
    }

    /**
     * How the measurement went: whether it was aborted before its last phase ended, the CPU time the
     * harness process (drivers and endpoints) used over the measured phases, the cluster's CPU
     * utilization over them, and the failed phase it stopped after (under {@link PhasePolicy#STOP_AT_FIRST_FAILED_PHASE}).
     */
    record Summary(boolean aborted, Duration harnessCpu, Duration measured, Map<Integer, InfraPhase> infra,
                   OptionalDouble clusterCpuPercent, Optional<Integer> stoppedEarly) {
    }

    /** Measures; each phase's score is added to {@code phases} as it ends, so a failure keeps the ones before it. */
    Summary run(List<TileProvisioner.DeployedVm> vms, List<PhaseScore> phases) throws InterruptedException {
        MeasurementPlan plan = MeasurementPlan.of(spec.run());
        PhaseTally tally = new PhaseTally(spec, workloads, infra);
        out.println(ConsolePublisher.banner(spec.run()));
        Drivers drivers = Drivers.start(spec, workloads, vms, secrets);
        VmProfiler.Sampling vmProfile = profiler.start(vms);
        MeasuredWindow window = new MeasuredWindow(cpu);
        // A phase's window is known once it begins: a run that stops after a failed phase measures none of the later
        // ones it planned, so an operation ending after the stop is in no phase, as verify recomputes it.
        LivePhaseWindows windows = new LivePhaseWindows();
        Instant origin = drivers.runOrigin();
        Instant lastCut = origin;
        try {
            for (MeasurementPlan.Slot slot : plan.slots()) {
                if (slot.firstOfPhase(plan)) {
                    windows.add(slot.phase(), origin.plus(slot.start()), origin.plus(plan.phaseEnd(slot.phase())));
                }
                if (!slot.warmup() && !window.started()) {
                    stopPolicy.waitUntil(origin.plus(slot.start())); // an abort meanwhile ends the next wait at once
                    window.start();
                    // Infrastructure operations start with measurement, as VMmark's do after ramp-up.
                    infra.ifPresent(i -> i.start(windows::phaseAt));
                }
                Optional<StopPolicy.Stop> stop = stopPolicy.waitUntil(origin.plus(slot.end()));
                if (stop.isEmpty()) {
                    lastCut = origin.plus(slot.end()); // published in interval(), even by a driver's failure
                    stop = interval(plan, slot, origin, drivers, tally, window, phases);
                    vmProfile.interval(slot, origin.plus(slot.start()), origin.plus(slot.end()));
                }
                if (stop.isPresent()) {
                    return window.summary(stop, tally.infra());
                }
            }
            return window.summary(Optional.empty(), tally.infra());
        } finally {
            windows.endedAt(lastCut);
            stopInfraAndAudit(drivers);
        }
    }

    /** The drivers' audits of committed data, made once the load stopped (none before {@link #run} ended). */
    List<ScoreFile.Audit> audits() {
        return audits;
    }

    /** Cuts every driver's interval, publishes the cut and, at a phase's end, the phase; a stop if the policy says so. */
    private Optional<StopPolicy.Stop> interval(MeasurementPlan plan, MeasurementPlan.Slot slot, Instant origin,
                                               Drivers drivers, PhaseTally tally, MeasuredWindow window,
                                               List<PhaseScore> phases) {
        Duration length = slot.end().minus(slot.start());
        if (!slot.warmup()) {
            window.measured(length);
        }
        noteLate(out, origin.plus(slot.end()), spec.run().interval());
        Samples cut = samples(spec, drivers.all(), slot, tally);
        publisher.interval(new IntervalCut(slot, origin, plan.phases(), plan.leftInPhase(slot),
                plan.total().minus(slot.end()), cut.samples(), window.intervalCpu()));
        cut.rethrow();
        if (!slot.lastOfPhase(plan)) {
            return Optional.empty();
        }
        PhaseEnd end = tally.end(slot.phase(), plan.phaseDuration());
        if (end instanceof PhaseEnd.Scored(PhaseScore score)) {
            phases.add(score);
        }
        publisher.phaseEnded(end);
        Optional<StopPolicy.Stop> stop = stopPolicy.afterPhase(end);
        stop.ifPresent(s -> out.println("[measure] stopping: phase " + end.phase() + " failed QoS, so the run cannot comply"));
        return stop;
    }

    /**
     * Says so when a cut due at {@code due} comes an interval or more late: the harness fell behind (on a machine it
     * shares with the cluster, past the cluster's limit), so the intervals last longer than planned and their rates
     * are counted over what they lasted.
     */
    static void noteLate(PrintStream out, Instant due, Duration interval) {
        Duration late = Duration.between(due, Instant.now());
        if (late.compareTo(interval) >= 0) {
            out.println("[measure] an interval cut came " + late.toSeconds() + " s late: the harness fell behind, so its"
                    + " intervals last longer than planned and their rates are over what each lasted");
        }
    }

    /** An interval's samples; a driver that failed mid-run ended the cut, the samples before it kept. */
    record Samples(List<IntervalSample> samples, RuntimeException failure) {
        /** Once the samples are published: the driver's failure, if one failed. */
        void rethrow() {
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** Cuts each driver's interval {@code slot} (into {@code tally} when it is measured). */
    static Samples samples(BenchmarkSpec spec, List<Drivers.Running> drivers, MeasurementPlan.Slot slot, PhaseTally tally) {
        List<IntervalSample> samples = new ArrayList<>();
        for (Drivers.Running running : drivers) {
            try {
                samples.add(sample(spec, running, slot, tally));
            } catch (RuntimeException e) {
                // A driver that fails mid-run: the samples the others' drivers already gave up are published first.
                return new Samples(samples, e);
            }
        }
        return new Samples(samples, null);
    }

    private static IntervalSample sample(BenchmarkSpec spec, Drivers.Running running, MeasurementPlan.Slot slot,
                                         PhaseTally tally) {
        IntervalSnapshot snapshot = running.driver().snapshot();
        Workload w = running.workload();
        // Rates over the time the driver's interval really lasted, in the whole milliseconds the bundle keeps (verify
        // recomputes from them): a cut the harness made late holds more completions, not a higher rate.
        Duration lasted = snapshot.duration().truncatedTo(ChronoUnit.MILLIS);
        WorkloadResult interval = PhaseAccumulator.result(running.tile(), w.name(), w.metricUnit(), w.metricPeriod(),
                lasted, snapshot.measure());
        WorkloadResult standing = slot.warmup() ? interval
                : tally.add(running.tile(), w, snapshot.measure(), lasted);
        return IntervalSample.of(spec, w, running.tile(), snapshot, interval, standing);
    }

    /** Operations in flight finish before the drivers stop: their VMs are serving the tiles. */
    private void stopInfraAndAudit(Drivers drivers) throws InterruptedException {
        if (infra.isPresent()) {
            infra.get().stop();
        }
        try {
            audits = drivers.audit();
            audits.forEach(a -> out.println("[audit] " + a.summary()));
        } finally {
            drivers.close();
        }
    }
}
