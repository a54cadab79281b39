package org.tilemark.harness.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.RunSpec;
import org.tilemark.harness.bundle.HistogramLog;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.IntervalMeasure;
import org.tilemark.scoring.PhaseAccumulator;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.driver.IntervalSnapshot;

/**
 * Runs the drivers through warm-up and the measurement phases on a fixed interval clock: at every
 * interval boundary each driver's interval is cut, written to the bundle (histogram log and
 * intervals.jsonl, flushed), and added to its phase; at a phase's end the phase is scored.
 */
final class MeasurementLoop {

    private final BenchmarkSpec spec;
    private final List<Workload> workloads;
    private final SecretSource secrets;
    private final ResultsBundle bundle;
    private final PrintStream out;
    private final CountDownLatch abort;
    private final java.util.Optional<InfraRun> infra;
    private final Map<Integer, InfraPhase> infraScores = new LinkedHashMap<>();
    private final ClusterCpu cpu;
    private final PhasePolicy policy;
    private final RunListener listener;
    private List<ScoreFile.Audit> audits = List.of();
    private VmProfiler profiler = VmProfiler.NONE;

    MeasurementLoop(BenchmarkSpec spec, List<Workload> workloads, SecretSource secrets, ResultsBundle bundle,
                    PrintStream out, CountDownLatch abort, java.util.Optional<InfraRun> infra, ClusterCpu cpu,
                    PhasePolicy policy, RunListener listener) {
        this.listener = listener;
        this.infra = infra;
        this.cpu = cpu;
        this.policy = policy;
        this.spec = spec;
        // An infrastructure-only run deploys the workloads' VMs but drives none of them.
        this.workloads = spec.infra().only() ? List.of() : workloads;
        this.secrets = secrets;
        this.bundle = bundle;
        this.out = out;
        this.abort = abort;
    }

    /** Writes what each VM used per interval through {@code vmProfiler} (none unless set). */
    void profileWith(VmProfiler vmProfiler) {
        this.profiler = vmProfiler;
    }

    /**
     * How the measurement went: whether it was aborted before its last phase ended, the CPU time the
     * harness process (drivers and endpoints) used over the measured phases, the cluster's CPU
     * utilization over them, and the failed phase it stopped after (under {@link PhasePolicy#STOP_AT_FIRST_FAILED_PHASE}).
     */
    record Summary(boolean aborted, Duration harnessCpu, Duration measured, Map<Integer, InfraPhase> infra,
                   OptionalDouble clusterCpuPercent, java.util.Optional<Integer> stoppedEarly) {
    }

    Summary run(List<TileProvisioner.DeployedVm> vms, List<PhaseScore> phases) throws InterruptedException {
        MeasurementPlan plan = MeasurementPlan.of(spec.run());
        Map<String, PhaseAccumulator> phase = new LinkedHashMap<>();
        out.println(banner(spec.run()));
        Duration cpuAtMeasureStart = null;
        ClusterCpu.Mark clusterAtMeasureStart = null;
        Duration measured = Duration.ZERO;
        Drivers drivers = Drivers.start(spec, workloads, vms, secrets);
        VmProfiler.Sampling vmProfile = profiler.start(vms);
        ClusterCpu.Mark intervalStart = cpu.mark();
        try {
            Instant origin = drivers.origin();
            for (MeasurementPlan.Slot slot : plan.slots()) {
                if (!slot.warmup() && cpuAtMeasureStart == null) {
                    waitUntil(origin.plus(slot.start()));
                    cpuAtMeasureStart = processCpu();
                    clusterAtMeasureStart = cpu.mark();
                    // Infrastructure operations start with measurement, as VMmark's do after ramp-up.
                    infra.ifPresent(i -> i.start(at -> phaseAt(plan, origin, at)));
                }
                if (waitUntil(origin.plus(slot.end()))) {
                    return summary(true, cpuAtMeasureStart, clusterAtMeasureStart, measured, java.util.Optional.empty());
                }
                if (!slot.warmup()) {
                    measured = measured.plus(slot.end().minus(slot.start()));
                }
                Duration length = slot.end().minus(slot.start());
                List<String> progress = new ArrayList<>();
                List<LiveInterval.LiveWorkload> live = new ArrayList<>();
                for (Drivers.Running running : drivers.all()) {
                    IntervalSnapshot snapshot = running.driver().snapshot();
                    Workload w = running.workload();
                    WorkloadResult interval = PhaseAccumulator.result(running.tile(), w.name(), w.metricUnit(),
                            w.metricPeriod(), length, measure(snapshot));
                    record(slot, origin, running, snapshot, interval);
                    progress.add(progress(interval, w.headlineOperation()));
                    WorkloadResult standing = interval;
                    if (!slot.warmup()) {
                        PhaseAccumulator accumulator = phase.computeIfAbsent(running.tile() + "/" + w.name(),
                                k -> new PhaseAccumulator(running.tile(), w.name(), w.metricUnit(), w.metricPeriod()));
                        accumulator.add(measure(snapshot), length);
                        standing = accumulator.result();
                    }
                    live.add(LiveRows.of(spec, w, interval, standing));
                }
                vmProfile.interval(slot, origin.plus(slot.start()), origin.plus(slot.end()));
                out.println(stage(slot, plan) + " " + String.join(" | ", progress));
                ClusterCpu.Mark intervalEnd = cpu.mark();
                OptionalDouble intervalCpu = cpu.percentBetween(intervalStart, intervalEnd);
                intervalStart = intervalEnd;
                listener.interval(new LiveInterval(origin.plus(slot.end()).toString(), slot.warmup(), slot.phase(), plan.phases(),
                        phaseLeft(slot, plan).toSeconds(), plan.total().minus(slot.end()).toSeconds(), live,
                        intervalCpu.isPresent() ? Measured.round(intervalCpu.getAsDouble()) : null));
                if (slot.lastOfPhase(plan) && spec.infra().only()) {
                    InfraPhase operations = infraPhase(slot.phase(), plan.phaseDuration());
                    out.println(String.format(Locale.ROOT, "[phase %d] infrastructure %.3f (not scored) %s", slot.phase(),
                            operations.score().score(), operations.qos().passed() ? "every operation type completed"
                                    : "FAILED: " + operations.qos().reasons()));
                } else if (slot.lastOfPhase(plan)) {
                    PhaseScore score = score(slot.phase(), phase, plan.phaseDuration());
                    phases.add(score);
                    phase.clear();
                    out.println(String.format(Locale.ROOT, "[phase %d] score %.3f (application %.3f%s) %s", score.phase(),
                            score.score(), score.application(), score.infrastructure().isPresent()
                                    ? String.format(Locale.ROOT, ", infrastructure %.3f", score.infrastructure().getAsDouble()) : "",
                            score.qos().passed() ? "QoS passed" : "QoS FAILED: " + score.qos().reasons()));
                    if (!score.qos().passed()) {
                        listener.event(Instant.now().toString(), "phase " + score.phase() + " failed QoS: "
                                + String.join("; ", score.qos().reasons()));
                    }
                    if (!score.qos().passed() && policy == PhasePolicy.STOP_AT_FIRST_FAILED_PHASE
                            && score.phase() < plan.phases()) {
                        out.println("[measure] stopping: phase " + score.phase() + " failed QoS, so the run cannot comply");
                        return summary(false, cpuAtMeasureStart, clusterAtMeasureStart, measured,
                                java.util.Optional.of(score.phase()));
                    }
                }
            }
            return summary(false, cpuAtMeasureStart, clusterAtMeasureStart, measured, java.util.Optional.empty());
        } finally {
            // Operations in flight finish before the drivers stop: their VMs are serving the tiles.
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

    /** The drivers' audits of committed data, made once the load stopped (none before {@link #run} ended). */
    List<ScoreFile.Audit> audits() {
        return audits;
    }

    private Summary summary(boolean aborted, Duration cpuAtMeasureStart, ClusterCpu.Mark clusterAtMeasureStart,
                            Duration measured, java.util.Optional<Integer> stoppedEarly) {
        OptionalDouble clusterCpu = clusterAtMeasureStart == null ? OptionalDouble.empty()
                : cpu.percentBetween(clusterAtMeasureStart, cpu.mark());
        return new Summary(aborted, cpuSince(cpuAtMeasureStart), measured, Map.copyOf(infraScores), clusterCpu, stoppedEarly);
    }

    /** The measurement phase an instant falls in; 0 in warm-up or after the last phase. */
    private static int phaseAt(MeasurementPlan plan, Instant origin, Instant at) {
        Duration since = Duration.between(origin, at);
        for (MeasurementPlan.Slot slot : plan.slots()) {
            if (!slot.warmup() && since.compareTo(slot.start()) >= 0 && since.compareTo(slot.end()) < 0) {
                return slot.phase();
            }
        }
        return 0;
    }

    private static Duration processCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    private static Duration cpuSince(Duration start) {
        return start == null ? Duration.ZERO : processCpu().minus(start);
    }

    private void record(MeasurementPlan.Slot slot, Instant origin, Drivers.Running running, IntervalSnapshot snapshot,
                        WorkloadResult interval) {
        Instant start = origin.plus(slot.start());
        Instant end = origin.plus(slot.end());
        var log = bundle.histogramLog(running.tile(), running.workload().name(), origin);
        snapshot.latencyNanos().forEach((op, h) -> log.write(op, h, start, end));
        log.write(HistogramLog.SCHEDULE_LAG, snapshot.scheduleLagNanos(), start, end);
        bundle.appendInterval(new IntervalLine(slot.index(), slot.warmup() ? IntervalLine.WARMUP : IntervalLine.MEASURE,
                slot.phase(), running.tile(), running.workload().name(), start.toString(), end.toString(),
                slot.end().minus(slot.start()).toMillis(), Measured.round(running.workload().targetThroughput(spec)),
                snapshot.completed(), Measured.of(interval)));
    }

    private PhaseScore score(int phaseNumber, Map<String, PhaseAccumulator> accumulated, Duration length) {
        List<TileScore> tiles = new ArrayList<>();
        for (int tile = 1; tile <= spec.run().tiles(); tile++) {
            Map<String, WorkloadResult> results = new LinkedHashMap<>();
            for (Workload w : workloads) {
                PhaseAccumulator acc = accumulated.get(tile + "/" + w.name());
                if (acc != null) {
                    results.put(w.name(), acc.result());
                }
            }
            if (!results.isEmpty()) {
                tiles.add(ScoringInputs.tile(spec, workloads, tile, results));
            }
        }
        if (infra.isEmpty()) {
            return Scoring.phase(phaseNumber, tiles, java.util.Optional.empty());
        }
        return Scoring.phase(phaseNumber, tiles, java.util.Optional.of(infraPhase(phaseNumber, length)));
    }

    private InfraPhase infraPhase(int phaseNumber, Duration length) {
        InfraPhase infraPhase = infra.orElseThrow().score(phaseNumber, length);
        infraScores.put(phaseNumber, infraPhase);
        return infraPhase;
    }

    /** A driver's snapshot in scoring's terms. */
    private static IntervalMeasure measure(IntervalSnapshot snapshot) {
        return new IntervalMeasure(snapshot.latencyNanos(), snapshot.errorsByOperation(), snapshot.attempts(),
                snapshot.completed(), snapshot.errors(), snapshot.rollbacks(), snapshot.scheduleLagNanos(),
                snapshot.errorsByVm());
    }

    static String progress(WorkloadResult r, String headline) {
        OperationStats op = r.operations().get(headline);
        // An interval without the headline operation (a quick tile's mail may send nothing in 10 s) has no p95, not 0 ms.
        String p95 = op == null ? "" : op.count() == 0 ? " p95 " + headline + " -"
                : String.format(Locale.ROOT, " p95 %s %.0f ms", headline, op.p95Ms());
        return String.format(Locale.ROOT, "tile%d %s %.0f %s%s errors %d", r.tile(), r.workload(), r.throughput(),
                r.metricUnit(), p95, r.errors());
    }

    private String stage(MeasurementPlan.Slot slot, MeasurementPlan plan) {
        if (slot.warmup()) {
            return "[warm-up " + seconds(slot.end()) + "/" + seconds(spec.run().warmup()) + "]";
        }
        return "[phase " + slot.phase() + "/" + plan.phases() + ", " + seconds(phaseLeft(slot, plan)) + " left]";
    }

    /** Time left in the slot's phase, or in warm-up. */
    private Duration phaseLeft(MeasurementPlan.Slot slot, MeasurementPlan plan) {
        return slot.warmup() ? spec.run().warmup().minus(slot.end()) : plan.phaseEnd(slot.phase()).minus(slot.end());
    }

    /** "[measure] warm-up 30s, then 3 phases of 60s (interval 10s)": the run's shape, before it starts. */
    static String banner(RunSpec run) {
        return "[measure] warm-up " + seconds(run.warmup()) + ", then " + run.phases()
                + (run.phases() == 1 ? " phase" : " phases") + " of " + seconds(run.phaseDuration())
                + " (interval " + seconds(run.interval()) + ")";
    }

    private static String seconds(Duration d) {
        return d.toSeconds() + "s";
    }

    /** Sleeps until {@code instant}; true if an abort was requested meanwhile. */
    private boolean waitUntil(Instant instant) throws InterruptedException {
        long waitMs = Duration.between(Instant.now(), instant).toMillis();
        return abort.await(Math.max(0, waitMs), TimeUnit.MILLISECONDS);
    }
}
