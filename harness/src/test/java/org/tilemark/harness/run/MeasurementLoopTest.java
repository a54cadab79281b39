package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.infra.platform.Capability;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.DataAudit;
import org.tilemark.workloads.VmRequest;
import org.tilemark.infra.platform.fake.FakePlatform;

/**
 * The measurement loop on tiles provisioned on the shared {@link FakePlatform}, driven by
 * {@link CountingWorkload}, whose counts per interval are known: what reaches the bundle and the
 * phase scores, and how an abort, a failed phase and a crashed VM end up in the verdict. Counts and
 * structure only; nothing here depends on how long anything took.
 */
class MeasurementLoopTest {

    private static final int TILES = 2;
    /** Slot 1 is warm-up, slots 2-3 phase 1, slots 4-5 phase 2. */
    private static final BenchmarkSpec SPEC = spec();

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
    private final FakePlatform platform = new FakePlatform(2, EnumSet.noneOf(Capability.class));
    private final CountDownLatch abort = new CountDownLatch(1);
    private final List<PhaseScore> phases = new ArrayList<>();
    private List<TileProvisioner.DeployedVm> deployed = List.of();
    private MeasurementLoop lastLoop;
    private final List<LiveInterval> live = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final RunListener listener = new RunListener() {
        @Override
        public void interval(LiveInterval interval) {
            live.add(interval);
        }

        @Override
        public void event(String at, String what) {
            heard.add(what);
        }
    };
    private final RunEvents events = new RunEvents(listener);

    @Test
    void everyIntervalLandsInTheBundleWithTheDriversCountsAndOnlyMeasuredOnesAreScored() throws Exception {
        CountingWorkload workload = new CountingWorkload(cut -> { });

        MeasurementLoop.Summary summary = measure(workload, PhasePolicy.MEASURE_ALL);

        assertThat(summary.aborted()).isFalse();
        assertThat(summary.stoppedEarly()).isEmpty();
        assertThat(summary.measured()).as("the planned length of the measured slots").isEqualTo(Duration.ofSeconds(4));
        List<JsonNode> lines = intervals();
        assertThat(lines).extracting(l -> l.get("interval").asInt()).containsExactly(1, 1, 2, 2, 3, 3, 4, 4, 5, 5);
        assertThat(lines).allSatisfy(line -> {
            int interval = line.get("interval").asInt();
            long count = CountingWorkload.operations(line.get("tile").asInt(), interval);
            assertThat(line.get("workload").asText()).isEqualTo(CountingWorkload.NAME);
            assertThat(line.get("stage").asText()).isEqualTo(interval == 1 ? IntervalLine.WARMUP : IntervalLine.MEASURE);
            assertThat(line.get("phase").asInt()).isEqualTo(interval / 2);
            assertThat(line.get("completed").asLong()).isEqualTo(count);
            assertThat(line.get("attempts").asLong()).isEqualTo(count);
            assertThat(line.get("operations").get(CountingWorkload.OPERATION).get("count").asLong()).isEqualTo(count);
            assertThat(line.get("durationMs").asLong()).isEqualTo(1000);
        });

        // The live view is told every interval, each tile's throughput as the bundle has it, against its target.
        assertThat(live).extracting(LiveInterval::phase).containsExactly(0, 1, 1, 2, 2);
        assertThat(live).extracting(LiveInterval::warmup).containsExactly(true, false, false, false, false);
        assertThat(live).extracting(LiveInterval::phaseSecondsLeft).containsExactly(0L, 1L, 0L, 1L, 0L);
        assertThat(live).extracting(LiveInterval::runSecondsLeft).containsExactly(4L, 3L, 2L, 1L, 0L);
        for (int i = 0; i < live.size(); i++) {
            int interval = i + 1;
            assertThat(live.get(i).workloads()).hasSize(TILES).allSatisfy(row -> {
                assertThat(row.throughput()).as("a 1 s period: completed per second")
                        .isEqualTo((double) CountingWorkload.operations(row.tile(), interval));
                assertThat(row.target()).isEqualTo(20);
                assertThat(row.headlineOperation()).isEqualTo(CountingWorkload.OPERATION);
                assertThat(row.qosPassed()).as(row.qosReasons().toString()).isTrue();
                assertThat(row.qosLimitMs()).as("no percentile rule").isNull();
            });
        }

        // The console: one line per interval with every tile's figures, one per phase's end.
        List<String> printed = console.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> l.startsWith("[warm-up") || l.startsWith("[phase")).toList();
        assertThat(printed).hasSize(7);
        assertThat(printed.get(0)).startsWith("[warm-up 1s/1s] tile1 counting 11 ").contains(" | tile2 counting 12 ");
        assertThat(printed.subList(1, 4)).satisfiesExactly(
                l -> assertThat(l).startsWith("[phase 1/2, 1s left] tile1 counting 21 "),
                l -> assertThat(l).startsWith("[phase 1/2, 0s left] tile1 counting 31 "),
                l -> assertThat(l).startsWith("[phase 1] score ").endsWith("QoS passed"));
        assertThat(printed.get(6)).startsWith("[phase 2] score ").endsWith("QoS passed");

        // A phase adds up its own two intervals; the warm-up's are in no phase.
        assertThat(phases).extracting(PhaseScore::phase).containsExactly(1, 2);
        for (PhaseScore phase : phases) {
            assertThat(phase.qos().passed()).as(phase.qos().reasons().toString()).isTrue();
            assertThat(phase.tiles()).hasSize(TILES);
            for (int tile = 1; tile <= TILES; tile++) {
                WorkloadResult result = result(phase, tile);
                long count = CountingWorkload.operations(tile, 2 * phase.phase())
                        + CountingWorkload.operations(tile, 2 * phase.phase() + 1);
                assertThat(result.attempts()).isEqualTo(count);
                assertThat(result.operations().get(CountingWorkload.OPERATION).count()).isEqualTo(count);
                assertThat(result.measured()).isEqualTo(Duration.ofSeconds(2));
            }
        }

        // Every interval's histogram is in the tile's log, with what the driver recorded in it.
        for (int tile = 1; tile <= TILES; tile++) {
            Map<Long, Map<String, Histogram>> logged = new TreeMap<>(
                    BundleReader.of(bundleDirectory()).histograms(tile, CountingWorkload.NAME).orElseThrow());
            List<Long> counts = logged.values().stream().map(tags -> tags.get(CountingWorkload.OPERATION).getTotalCount()).toList();
            assertThat(counts).containsExactly(CountingWorkload.operations(tile, 1), CountingWorkload.operations(tile, 2),
                    CountingWorkload.operations(tile, 3), CountingWorkload.operations(tile, 4), CountingWorkload.operations(tile, 5));
        }

        // One driver per tile, given the address its VM reported once powered on; started and stopped.
        assertThat(workload.drivers).extracting(d -> d.tile).containsExactly(1, 2);
        assertThat(workload.drivers).allSatisfy(driver -> {
            assertThat(driver.endpoint).isEqualTo(vm(CountingWorkload.vmOf(driver.tile)).endpoint());
            assertThat(driver.started()).isTrue();
            assertThat(driver.closed()).isTrue();
        });
    }

    /**
     * A harness that falls behind (past the cluster's limit on a machine it shares) cuts late, and the late interval
     * holds what completed until then: its rate, and its phase's, are over what it lasted, not over the plan. An
     * 8-tile step whose cuts came up to 106 s late scored its application 19.0 when they were over the plan.
     */
    @Test
    void aLateCutLengthensItsIntervalInsteadOfRaisingItsRate() throws Exception {
        CountingWorkload workload = new CountingWorkload(cut -> { }).lateBy(2, Duration.ofSeconds(3));

        measure(workload, PhasePolicy.MEASURE_ALL);

        assertThat(intervals()).allSatisfy(line -> {
            int interval = line.get("interval").asInt();
            long lasted = interval == 2 ? 4000 : 1000;
            assertThat(line.get("durationMs").asLong()).as("interval " + interval).isEqualTo(lasted);
            assertThat(line.get("throughput").asDouble()).as("interval " + interval + ": completed per second it lasted")
                    .isCloseTo(CountingWorkload.operations(line.get("tile").asInt(), interval) * 1000.0 / lasted, within(0.01));
        });
        for (int tile = 1; tile <= TILES; tile++) {
            WorkloadResult first = result(phases.getFirst(), tile);
            assertThat(first.measured()).isEqualTo(Duration.ofSeconds(5));
            assertThat(first.throughput()).isCloseTo(
                    (CountingWorkload.operations(tile, 2) + CountingWorkload.operations(tile, 3)) / 5.0, within(1e-9));
            assertThat(result(phases.get(1), tile).measured()).isEqualTo(Duration.ofSeconds(2));
        }
    }

    @Test
    void anAbortMidPhaseKeepsTheIntervalsMeasuredSoFarAndScoresOnlyCompletePhases() throws Exception {
        CountingWorkload workload = new CountingWorkload(cut -> {
            if (cut.tile() == 1 && cut.interval() == 4) {
                abort.countDown(); // Ctrl-C in the first interval of phase 2
            }
        });

        MeasurementLoop.Summary summary = measure(workload, PhasePolicy.MEASURE_ALL);

        assertThat(summary.aborted()).isTrue();
        assertThat(summary.measured()).isEqualTo(Duration.ofSeconds(3));
        assertThat(intervals()).extracting(l -> l.get("interval").asInt()).containsExactly(1, 1, 2, 2, 3, 3, 4, 4);
        assertThat(intervals()).allSatisfy(line -> assertThat(line.get("completed").asLong())
                .isEqualTo(CountingWorkload.operations(line.get("tile").asInt(), line.get("interval").asInt())));
        assertThat(phases).extracting(PhaseScore::phase).containsExactly(1);
        assertThat(workload.drivers).allSatisfy(driver -> assertThat(driver.closed()).isTrue());

        Verdict verdict = verdict(summary);
        assertThat(verdict.word()).isEqualTo("aborted");
        assertThat(verdict.reasons()).containsExactly("run aborted after 1 of 2 phases");
    }

    @Test
    void aDriverThatFailsMidRunKeepsEverySampleCutBeforeItAndTheVerdictNamesTheCause() throws Exception {
        CountingWorkload workload = new CountingWorkload(cut -> {
            if (cut.tile() == 2 && cut.interval() == 4) {
                throw new IllegalStateException("tile 2: the driver lost its connection");
            }
        });

        RunProgress progress = new RunProgress("run-m", SPEC, listener);
        Exception failure = null;
        try {
            measure(workload, PhasePolicy.MEASURE_ALL);
        } catch (IllegalStateException e) {
            failure = e;
        }
        assertThat(failure).as("the driver's failure ends the loop").isNotNull();
        progress.failed(failure);

        assertThat(intervals()).extracting(l -> l.get("interval").asInt() + "/" + l.get("tile").asInt())
                .as("tile 1's fourth interval was cut before tile 2's driver failed").containsExactly(
                        "1/1", "1/2", "2/1", "2/2", "3/1", "3/2", "4/1");
        assertThat(phases).extracting(PhaseScore::phase).containsExactly(1);
        assertThat(workload.drivers).allSatisfy(driver -> assertThat(driver.closed()).isTrue());
        progress.phases.addAll(phases);
        Verdict verdict = progress.verdict();
        assertThat(verdict.word()).isEqualTo("failed");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(verdict.reasons()).contains("run failed: IllegalStateException: tile 2: the driver lost its connection");
        assertThat(progress.scoreFile(verdict).score()).as("the phase measured before the failure is scored").isNotNull();
    }

    @Test
    void aFailedPhaseStopsAStoppingRunAndTheVerdictNamesTheVmThatFailed() throws Exception {
        CountingWorkload workload = new CountingWorkload(cut -> {
            if (cut.tile() == 1 && cut.interval() == 2) {
                cut.recorder().attempt();
                cut.recorder().failedUnit(CountingWorkload.OPERATION, cut.vm());
            }
        });

        MeasurementLoop.Summary summary = measure(workload, PhasePolicy.STOP_AT_FIRST_FAILED_PHASE);

        assertThat(summary.aborted()).isFalse();
        assertThat(summary.stoppedEarly()).contains(1);
        assertThat(intervals()).extracting(l -> l.get("interval").asInt()).containsExactly(1, 1, 2, 2, 3, 3);
        assertThat(intervals().get(2).get("errorsByVm").get("tile1-counting").asLong()).isEqualTo(1);
        assertThat(phases).singleElement().satisfies(phase -> assertThat(phase.qos().passed()).isFalse());

        Verdict verdict = verdict(summary);
        assertThat(verdict.word()).isEqualTo("non-compliant");
        assertThat(verdict.reasons()).contains("phase 1: tile 1 counting: failed requests by VM: {tile1-counting=1}",
                "stopped after phase 1 of 2: it failed QoS, so the run could no longer comply");
        assertThat(heard).as("the live view hears of the failed phase").singleElement().asString()
                .startsWith("phase 1 failed QoS: ");
    }

    /**
     * A run that stops after a failed phase measures none of the phases it planned after it: the migration under way at
     * the stop ends in no phase, as verify recomputes it from the measured intervals. It was recorded in the next
     * planned phase once, and every step of a series search that stopped early failed verify for it.
     */
    @Test
    void anOperationUnderWayWhenAFailedPhaseStopsTheRunEndsInNoPhase() throws Exception {
        FakePlatform migrating = new FakePlatform(2, EnumSet.of(Capability.LIVE_MIGRATION)).migratingIn(Duration.ofMillis(1500));
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.tiles", Integer.toString(TILES), "run.phases", "2",
                "run.phaseDuration", "2s", "run.warmup", "1s", "run.interval", "1s", "infra.deploy.enabled", "false",
                "infra.pause", "0s"));
        CountingWorkload workload = new CountingWorkload(cut -> {
            if (cut.tile() == 1 && cut.interval() == 2) {
                cut.recorder().attempt();
                cut.recorder().failedUnit(CountingWorkload.OPERATION, cut.vm());
            }
        });

        MeasurementLoop.Summary summary = measure(workload, PhasePolicy.STOP_AT_FIRST_FAILED_PHASE, migrating, spec, true);

        assertThat(summary.stoppedEarly()).contains(1);
        java.time.Instant phase1End = java.time.Instant.parse(intervals().getLast().get("end").asText());
        List<JsonNode> operations = BundleReader.of(bundleDirectory()).infraOps().orElseThrow().lines().stream()
                .map(BundleReader.Line::written).toList();
        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(operations).as("migrations of 1.5 s back to back from the phase's start\n" + printed)
                .anySatisfy(op -> assertThat(java.time.Instant.parse(op.get("end").asText())).isAfter(phase1End));
        assertThat(operations).allSatisfy(op -> assertThat(op.get("phase").asInt()).as(op.toString())
                .isEqualTo(java.time.Instant.parse(op.get("end").asText()).isBefore(phase1End) ? 1 : 0));
    }

    @Test
    void aVmThatCrashesDuringMeasurementReachesTheVerdictOfPhasesThatPassed() throws Exception {
        CountingWorkload workload = new CountingWorkload(cut -> {
            if (cut.tile() == 2 && cut.interval() == 3) {
                platform.crash(cut.vm(), "guest process exited unexpectedly (exit 137)");
            }
        });

        MeasurementLoop.Summary summary = measure(workload, PhasePolicy.MEASURE_ALL);

        assertThat(summary.aborted()).isFalse();
        assertThat(phases).hasSize(2).allSatisfy(phase -> assertThat(phase.qos().passed()).isTrue());
        Verdict verdict = verdict(summary);
        assertThat(verdict.word()).isEqualTo("non-compliant");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.NON_COMPLIANT);
        assertThat(verdict.reasons()).singleElement().asString()
                .startsWith("VM tile2-counting (standby, tile 2) stopped: guest process exited unexpectedly (exit 137) at ");
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("! VM tile2-counting stopped");
        assertThat(heard).as("the live view hears of the stop").singleElement().asString().startsWith("VM tile2-counting (standby, tile 2) stopped");
    }

    @Test
    void onceMeasuringEndsEachDriverAuditsWhatItsUsersSawCommittedBeforeItIsClosed() throws Exception {
        CountingWorkload workload = new CountingWorkload(cut -> { }).auditing(tile -> {
            if (tile == 2) {
                throw new java.sql.SQLException("Connection to 127.0.0.1:5432 refused");
            }
            return Optional.of(new DataAudit("counted items", 90, 1, List.of(7L)));
        });

        MeasurementLoop.Summary summary = measure(workload, PhasePolicy.MEASURE_ALL);

        assertThat(lastLoop.audits()).containsExactly(
                new ScoreFile.Audit(1, CountingWorkload.NAME, "counted items", 90, 1, List.of(7L), null),
                ScoreFile.Audit.failed(2, CountingWorkload.NAME, "Connection to 127.0.0.1:5432 refused"));
        assertThat(workload.drivers).allSatisfy(d -> assertThat(d.closed()).isTrue());
        assertThat(console.toString(StandardCharsets.UTF_8))
                .contains("[audit] tile 1 counting: 1 of 90 counted items missing after the run (e.g. 7)");
        Verdict verdict = Verdict.of(SPEC, phases, events.all(), summary.aborted(), null, summary.stoppedEarly(), lastLoop.audits());
        assertThat(verdict.word()).isEqualTo("non-compliant");
        assertThat(verdict.reasons()).hasSize(2);
    }

    /** Provisions the workload's tiles on the fake platform, as a run does, and measures them. */
    private MeasurementLoop.Summary measure(CountingWorkload workload, PhasePolicy policy) throws Exception {
        return measure(workload, policy, platform, SPEC, false);
    }

    /** As above on {@code on}, with {@code spec}'s infrastructure operations planned if {@code infra}. */
    private MeasurementLoop.Summary measure(CountingWorkload workload, PhasePolicy policy, FakePlatform on, BenchmarkSpec spec,
                                            boolean withInfra) throws Exception {
        try (TileCluster cluster = TileCluster.on(on, "run-m", out);
             ResultsBundle bundle = ResultsBundle.create(bundleDirectory())) {
            cluster.reportTo(events);
            Map<Integer, List<VmRequest>> requests = new TreeMap<>();
            for (int tile = 1; tile <= TILES; tile++) {
                requests.put(tile, workload.vms(tile, spec, (name, variable, file) -> "unused"));
            }
            cluster.resize(requests, Duration.ofSeconds(10));
            deployed = cluster.vms();
            // Provisioning told the live view of each VM's boot; the tests here are about what measuring tells it.
            assertThat(heard).hasSize(deployed.size()).allSatisfy(what -> assertThat(what).contains(" ready on "));
            heard.clear();
            SamplePublisher publisher = Publishers.of(new BundlePublisher(bundle), new ConsolePublisher(out, spec.run()),
                    new LivePublisher(listener));
            Optional<InfraRun> infra = withInfra ? InfraRun.plan(spec, on, deployed, null, publisher, out) : Optional.empty();
            lastLoop = new MeasurementLoop(new MeasurementLoop.Load(spec, List.of(workload), (name, variable, file) -> "unused"),
                    new MeasurementLoop.Beside(infra, ClusterCpu.of(on), VmProfiler.NONE),
                    new StopPolicy(policy, spec.run().phases(), abort), publisher, out);
            return lastLoop.run(deployed, phases);
        }
    }

    private Verdict verdict(MeasurementLoop.Summary summary) {
        return Verdict.of(SPEC, phases, events.all(), summary.aborted(), null, summary.stoppedEarly());
    }

    private Path bundleDirectory() {
        return tmp.resolve("bundle");
    }

    private List<JsonNode> intervals() throws Exception {
        return BundleReader.of(bundleDirectory()).intervals().orElseThrow().lines().stream()
                .map(BundleReader.Line::written).toList();
    }

    private TileProvisioner.DeployedVm vm(String name) {
        return deployed.stream().filter(vm -> vm.vm().name().equals(name)).findFirst().orElseThrow();
    }

    private static WorkloadResult result(PhaseScore phase, int tile) {
        return phase.tiles().stream().filter(t -> t.tile() == tile).findFirst().orElseThrow()
                .workloads().getFirst().result();
    }

    @Test
    void theBannerCountsPhasesInTheSingularForOne() throws Exception {
        BenchmarkSpec one = ConfigLoader.load(Optional.empty(), Map.of("run.phases", "1", "run.phaseDuration", "60s",
                "run.warmup", "30s", "run.interval", "10s"));

        assertThat(ConsolePublisher.banner(one.run())).isEqualTo("[measure] warm-up 30s, then 1 phase of 60s (interval 10s)");
        assertThat(ConsolePublisher.banner(SPEC.run())).isEqualTo("[measure] warm-up 1s, then 2 phases of 2s (interval 1s)");
    }

    private static BenchmarkSpec spec() {
        try {
            return ConfigLoader.load(Optional.empty(), Map.of("run.tiles", Integer.toString(TILES), "run.phases", "2",
                    "run.phaseDuration", "2s", "run.warmup", "1s", "run.interval", "1s"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
