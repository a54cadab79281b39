package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.fake.FakePlatform;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;

/**
 * A load path on the fake platform with {@link CountingWorkload}: 1 tile, tile 2 joins, tile 2 leaves. Counts and
 * structure only: which tiles each phase scored, that a tile's intervals follow one another from its join to its
 * removal, that a leaving tile's driver is closed and its VM destroyed while tile 1's driver runs on.
 */
class LoadPathLoopTest {

    private static final SecretSource SECRETS = (name, variable, file) -> "unused";

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
    private final FakePlatform platform = new FakePlatform(2, EnumSet.noneOf(Capability.class));

    @Test
    void aTileJoinsWithAWarmUpAndLeavesWhileTheOtherTilesDriverRunsOn() throws Exception {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.tiles", "2", "run.phases", "1",
                "run.phaseDuration", "2s", "run.warmup", "1s", "run.interval", "1s", "infra.enabled", "false"));
        CountingWorkload workload = new CountingWorkload(cut -> { });
        List<Integer> path = new ArrayList<>(List.of(2, 1)); // after phase 1: 2 tiles; after phase 2: 1; then the end
        List<PhaseScore> phases = new ArrayList<>();
        List<TileProvisioner.DeployedVm> deployed = new ArrayList<>();
        List<Integer> vmsLeftAfterPhase3 = new ArrayList<>();
        try (TileCluster cluster = TileCluster.on(platform, "run-p", out);
             ResultsBundle bundle = ResultsBundle.create(tmp.resolve("bundle"))) {
            LoadPathLoop.TileRequests requests = tiles -> {
                Map<Integer, List<VmRequest>> wanted = new TreeMap<>();
                for (int tile = 1; tile <= tiles; tile++) {
                    wanted.put(tile, workload.vms(tile, spec, SECRETS));
                }
                return wanted;
            };
            LoadPathLoop loop = new LoadPathLoop(spec, List.of(workload), SECRETS, cluster, requests,
                    new StopPolicy(PhasePolicy.MEASURE_ALL, Integer.MAX_VALUE, new CountDownLatch(1)),
                    Publishers.of(new BundlePublisher(bundle), new ConsolePublisher(out, spec.run())), VmProfiler.NONE,
                    new DeployVm(platform, "run-p", spec, SECRETS), out, deployed);
            loop.run(new LoadPathRun.Next(1, Duration.ofSeconds(2)), scored -> {
                if (scored.score().phase() == 3) {
                    cluster.vms().forEach(vm -> vmsLeftAfterPhase3.add(vm.vm().tile()));
                }
                return path.isEmpty() ? Optional.empty() : Optional.of(new LoadPathRun.Next(path.removeFirst(), Duration.ofSeconds(2)));
            }, phases);
        }
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(phases).extracting(p -> p.tiles().size()).as(printed).containsExactly(1, 2, 1);
        assertThat(vmsLeftAfterPhase3).as("tile 2's VM destroyed once it left").containsExactly(1);
        assertThat(deployed).extracting(vm -> vm.vm().tile()).containsExactly(1, 2);
        assertThat(workload.drivers).extracting(d -> d.tile).containsExactly(1, 2);
        assertThat(workload.drivers).allSatisfy(d -> assertThat(d.closed()).isTrue());
        DriverStart first = workload.drivers.getFirst().started;
        DriverStart joined = workload.drivers.get(1).started;
        assertThat(first.runOrigin()).isEqualTo(first.origin());
        assertThat(joined.origin()).as("tile 2's users start when it joins").isAfter(first.origin());
        assertThat(joined.runOrigin()).as("tile 2's bursts timed from tile 1's start, in step with it").isEqualTo(first.origin());
        assertThat(printed).contains("[load path] tile(s) [2] join after phase 1").contains("[load path] tile(s) [2] leave after phase 2")
                .contains("[load path] tile(s) [1] warm up again for 1 s after tile(s) [2] left");

        List<JsonNode> lines = BundleReader.of(tmp.resolve("bundle")).intervals().orElseThrow().lines().stream()
                .map(BundleReader.Line::written).toList();
        List<Integer> tile1 = intervalsOf(lines, 1);
        List<Integer> tile2 = intervalsOf(lines, 2);
        int last = lines.stream().mapToInt(l -> l.get("interval").asInt()).max().orElseThrow();
        assertThat(tile1).as("tile 1 cut in every interval, its driver never stopped").isEqualTo(range(1, last));
        assertThat(tile2).as("tile 2 from its join to its removal, without a gap").isEqualTo(range(tile2.getFirst(), tile2.getLast()));
        assertThat(lines.stream().filter(l -> l.get("tile").asInt() == 2).findFirst().orElseThrow().get("stage").asText())
                .isEqualTo("warmup");
        assertThat(lines.stream().filter(l -> l.get("tile").asInt() == 2 && l.get("stage").asText().equals("measure"))
                .map(l -> l.get("phase").asInt()).distinct().toList()).as("tile 2 measured in phase 2 alone").containsExactly(2);
        for (int i = 1; i < lines.size(); i++) {
            JsonNode line = lines.get(i);
            JsonNode before = lines.get(i - 1);
            if (line.get("interval").asInt() == before.get("interval").asInt() + 1) {
                assertThat(line.get("start").asText()).isEqualTo(before.get("end").asText());
            }
        }
    }

    /** A step of two phases at one tile count keeps the infrastructure operations started for it running through both. */
    @Test
    void aSecondPhaseAtTheSameTileCountKeepsItsInfrastructureOperationsRunning() throws Exception {
        FakePlatform migrating = new FakePlatform(2, EnumSet.allOf(Capability.class));
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.tiles", "1", "run.phases", "2",
                "run.phaseDuration", "2s", "run.warmup", "1s", "run.interval", "1s", "infra.deploy.enabled", "false",
                "infra.pause", "0s"));
        CountingWorkload workload = new CountingWorkload(cut -> { });
        List<PhaseScore> phases = new ArrayList<>();
        try (TileCluster cluster = TileCluster.on(migrating, "run-i", out);
             ResultsBundle bundle = ResultsBundle.create(tmp.resolve("bundle-infra"))) {
            LoadPathLoop loop = new LoadPathLoop(spec, List.of(workload), SECRETS, cluster, tiles -> Map.of(1, workload.vms(1, spec, SECRETS)),
                    new StopPolicy(PhasePolicy.MEASURE_ALL, Integer.MAX_VALUE, new CountDownLatch(1)),
                    Publishers.of(new BundlePublisher(bundle), new ConsolePublisher(out, spec.run())), VmProfiler.NONE,
                    new DeployVm(migrating, "run-i", spec, SECRETS), out, new ArrayList<>());
            List<LoadPathRun.Next> path = new ArrayList<>(List.of(new LoadPathRun.Next(1, Duration.ofSeconds(2))));
            loop.run(new LoadPathRun.Next(1, Duration.ofSeconds(2)),
                    scored -> path.isEmpty() ? Optional.empty() : Optional.of(path.removeFirst()), phases);
        }
        assertThat(phases).as(console.toString(StandardCharsets.UTF_8)).extracting(p -> p.tiles().size()).containsExactly(1, 1);
    }

    /**
     * An operation under way as the tile count changes is let finish while the running tile's intervals are cut on
     * time: a cut of tile 1 falls while a 5-s migration begun in phase 1 is still under way (before, no interval was
     * cut until it ended, and the next held the counts of several).
     */
    @Test
    void anOperationUnderWayAtAChangeFinishesWhileTheRunningTilesIntervalsAreCut() throws Exception {
        FakePlatform migrating = new FakePlatform(2, EnumSet.allOf(Capability.class)).migratingIn(Duration.ofSeconds(5));
        BenchmarkSpec spec = migratingBackToBack();
        List<Integer> cutsDuringAMigration = new ArrayList<>();
        CountingWorkload workload = new CountingWorkload(cut -> {
            if (cut.tile() == 1 && migrating.migrationsUnderWay() > 0) {
                cutsDuringAMigration.add(cut.interval());
            }
        });
        List<PhaseScore> phases = new ArrayList<>();
        runPath(migrating, Duration.ofSeconds(3), spec, workload, "run-s",
                steering(List.of(new LoadPathRun.Next(2, Duration.ofSeconds(3))), List.of()), phases);
        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(phases).as(printed).extracting(p -> p.tiles().size()).containsExactly(1, 2);
        List<JsonNode> lines = BundleReader.of(tmp.resolve("bundle-run-s")).intervals().orElseThrow().lines().stream()
                .map(BundleReader.Line::written).toList();
        int phase1Last = lines.stream().filter(l -> l.get("phase").asInt() == 1 && l.get("stage").asText().equals("measure"))
                .mapToInt(l -> l.get("interval").asInt()).max().orElseThrow();
        assertThat(cutsDuringAMigration).as("tile 1's cuts while a migration was under way\n" + printed)
                .anyMatch(interval -> interval > phase1Last && lines.stream().anyMatch(l -> l.get("interval").asInt() == interval
                        && l.get("tile").asInt() == 1 && l.get("stage").asText().equals("warmup")));
    }

    /**
     * A leaving tile's drivers stop (and are audited) at its last phase's end, while the operation under way there
     * finishes: the staying tile's warm-up counts from that stop. Before, they stopped only once the operation had
     * finished, and the warm-up waited for it (a Deploy of 20-50 s on this machine).
     */
    @Test
    void aLeavingTileStopsAtItsPhasesEndWhileTheOperationUnderWayFinishes() throws Exception {
        FakePlatform migrating = new FakePlatform(2, EnumSet.allOf(Capability.class)).migratingIn(Duration.ofSeconds(6));
        BenchmarkSpec spec = migratingBackToBack();
        List<Integer> underWayAtTile2sAudit = new ArrayList<>();
        CountingWorkload workload = new CountingWorkload(cut -> { }).auditing(tile -> {
            if (tile == 2) {
                underWayAtTile2sAudit.add(migrating.migrationsUnderWay());
            }
            return Optional.empty();
        });
        List<PhaseScore> phases = new ArrayList<>();
        runPath(migrating, Duration.ofSeconds(3), spec, workload, "run-l", steering(List.of(
                new LoadPathRun.Next(2, Duration.ofSeconds(3)), new LoadPathRun.Next(1, Duration.ofSeconds(3))), List.of()), phases);

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(phases).as(printed).extracting(p -> p.tiles().size()).containsExactly(1, 2, 1);
        assertThat(underWayAtTile2sAudit).as("migrations under way as tile 2 left\n" + printed).singleElement()
                .satisfies(underWay -> assertThat(underWay).isPositive());
        assertThat(printed).contains("[load path] tile(s) [1] warm up again for 1 s after tile(s) [2] left");
    }

    /**
     * A tile the path will add if the coming step passes is deployed and powered on while the joining tile warms up,
     * and the warm-up lasts until it is up: no phase is measured while it boots (5 s here, against a 1-s warm-up).
     * It then joins (with its warm-up) without a deployment of its own.
     */
    @Test
    void tilesToAddAreDeployedWhileTheJoiningTilesWarmUpAndNoPhaseIsMeasuredMeanwhile() throws Exception {
        BenchmarkSpec spec = twoTiles();
        platform.bootingIn(Duration.ofSeconds(5));
        CountingWorkload workload = new CountingWorkload(cut -> { });
        List<PhaseScore> phases = new ArrayList<>();
        runPath(spec, workload, "run-a", steering(List.of(new LoadPathRun.Next(2, Duration.ofSeconds(2))), List.of(2)), phases);

        String printed = console.toString(StandardCharsets.UTF_8);
        List<JsonNode> lines = BundleReader.of(tmp.resolve("bundle-run-a")).intervals().orElseThrow().lines().stream()
                .map(BundleReader.Line::written).toList();
        List<JsonNode> tile1 = lines.stream().filter(l -> l.get("tile").asInt() == 1).toList();
        long warmupBeforePhase1 = tile1.stream().takeWhile(l -> l.get("stage").asText().equals("warmup")).count();
        assertThat(warmupBeforePhase1).as("tile 1's warm-up lasted until tile 2 was up (5 s), not its own 1 s\n" + printed)
                .isGreaterThanOrEqualTo(3);
        assertThat(phases).extracting(p -> p.tiles().size()).containsExactly(1, 2);
        assertThat(platform.calls).filteredOn(call -> call.equals("deploy " + CountingWorkload.vmOf(2))).hasSize(1);
        assertThat(printed).contains("[load path] tile(s) [2] deployed and powered on while tile(s) [1] warm up")
                .contains("[load path] tile(s) [2] join after phase 1");
    }

    /**
     * Once a deployment ahead outlasts its warm-up (the cluster is loaded: the next steps are likelier to fail), no more
     * tiles are deployed ahead: tile 3 is deployed as it joins.
     */
    @Test
    void onceADeploymentAheadOutlastsItsWarmUpTilesAreDeployedWhenTheyJoin() throws Exception {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.tiles", "3", "run.phases", "1",
                "run.phaseDuration", "2s", "run.warmup", "1s", "run.interval", "1s", "infra.enabled", "false"));
        platform.bootingIn(Duration.ofSeconds(4));
        List<PhaseScore> phases = new ArrayList<>();
        runPath(spec, new CountingWorkload(cut -> { }), "run-o", steering(List.of(new LoadPathRun.Next(2, Duration.ofSeconds(2)),
                new LoadPathRun.Next(3, Duration.ofSeconds(2))), List.of(2, 3)), phases);

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(phases).extracting(p -> p.tiles().size()).as(printed).containsExactly(1, 2, 3);
        assertThat(printed).contains("[load path] tile(s) [2] deployed and powered on while tile(s) [1] warm up")
                .contains("from now on tiles are deployed when they join")
                .doesNotContain("[load path] tile(s) [3] deployed and powered on");
        assertThat(platform.calls).filteredOn(call -> call.equals("deploy " + CountingWorkload.vmOf(3))).hasSize(1);
    }

    /** A tile deployed ahead for a step that did not pass is destroyed, never measured: the path stayed at 1 tile. */
    @Test
    void aTileDeployedAheadThatThePathDoesNotTakeIsDestroyedUnmeasured() throws Exception {
        BenchmarkSpec spec = twoTiles();
        CountingWorkload workload = new CountingWorkload(cut -> { });
        List<PhaseScore> phases = new ArrayList<>();
        runPath(spec, workload, "run-d", steering(List.of(new LoadPathRun.Next(1, Duration.ofSeconds(2))), List.of(2)), phases);

        assertThat(phases).extracting(p -> p.tiles().size()).containsExactly(1, 1);
        assertThat(platform.calls).contains("powerOn " + CountingWorkload.vmOf(2), "destroy " + CountingWorkload.vmOf(2));
        assertThat(workload.drivers).extracting(d -> d.tile).containsExactly(1);
        List<JsonNode> lines = BundleReader.of(tmp.resolve("bundle-run-d")).intervals().orElseThrow().lines().stream()
                .map(BundleReader.Line::written).toList();
        assertThat(intervalsOf(lines, 2)).isEmpty();
    }

    /** With {@code search.deployAhead} off nothing is deployed ahead: tile 2 is deployed as it joins. */
    @Test
    void withDeployAheadOffTheTilesAreDeployedOnlyWhenTheyJoin() throws Exception {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.tiles", "2", "run.phases", "1",
                "run.phaseDuration", "2s", "run.warmup", "1s", "run.interval", "1s", "infra.enabled", "false",
                "search.deployAhead", "false"));
        int phase1Last = 3; // one warm-up interval of 1 s, then phase 1's two
        List<String> callsInPhase1 = new ArrayList<>();
        CountingWorkload workload = new CountingWorkload(cut -> {
            if (cut.tile() == 1 && cut.interval() == phase1Last) {
                callsInPhase1.addAll(platform.calls);
            }
        });
        List<PhaseScore> phases = new ArrayList<>();
        runPath(spec, workload, "run-n", steering(List.of(new LoadPathRun.Next(2, Duration.ofSeconds(2))), List.of(2)), phases);

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(callsInPhase1).as(printed).doesNotContain("deploy " + CountingWorkload.vmOf(2));
        assertThat(phases).extracting(p -> p.tiles().size()).containsExactly(1, 2);
        assertThat(platform.calls).contains("deploy " + CountingWorkload.vmOf(2), "powerOn " + CountingWorkload.vmOf(2));
        assertThat(printed).doesNotContain("deployed and powered on while");
    }

    /** A failure deploying the tiles ahead ends the run naming it as the path next changes tiles; the phase measured stands. */
    @Test
    void aFailureDeployingTilesAheadEndsTheRunNamingItsCause() throws Exception {
        BenchmarkSpec spec = twoTiles();
        platform.failingToStart(CountingWorkload.vmOf(2), "no memory left on host-1");
        List<PhaseScore> phases = new ArrayList<>();
        assertThatThrownBy(() -> runPath(spec, new CountingWorkload(cut -> { }), "run-f",
                steering(List.of(new LoadPathRun.Next(2, Duration.ofSeconds(2))), List.of(2)), phases))
                .hasMessageContaining("deploying tiles up to 2 while tile(s) [1] warmed up failed")
                .hasMessageContaining("no memory left on host-1");
        assertThat(phases).extracting(PhaseScore::phase).containsExactly(1);
    }

    /** Up to 2 tiles, phases of 3 s, migrations one after another (no Deploy): one is under way at each phase's end. */
    private static BenchmarkSpec migratingBackToBack() throws Exception {
        return ConfigLoader.load(Optional.empty(), Map.of("run.tiles", "2", "run.phases", "1",
                "run.phaseDuration", "3s", "run.warmup", "1s", "run.interval", "1s", "infra.deploy.enabled", "false",
                "infra.pause", "0s"));
    }

    private static BenchmarkSpec twoTiles() throws Exception {
        return ConfigLoader.load(Optional.empty(), Map.of("run.tiles", "2", "run.phases", "1",
                "run.phaseDuration", "2s", "run.warmup", "1s", "run.interval", "1s", "infra.enabled", "false"));
    }

    /** A path from 1 tile asking for {@code after} after each phase, and saying {@code ahead} before each step. */
    private static LoadPathRun.Steering steering(List<LoadPathRun.Next> after, List<Integer> ahead) {
        List<LoadPathRun.Next> nexts = new ArrayList<>(after);
        List<Integer> aheads = new ArrayList<>(ahead);
        return new LoadPathRun.Steering() {
            @Override
            public Optional<LoadPathRun.Next> afterPhase(LoadPathRun.MeasuredPhase phase) {
                return nexts.isEmpty() ? Optional.empty() : Optional.of(nexts.removeFirst());
            }

            @Override
            public OptionalInt ifStepPasses() {
                return aheads.isEmpty() ? OptionalInt.empty() : OptionalInt.of(aheads.removeFirst());
            }
        };
    }

    private void runPath(BenchmarkSpec spec, CountingWorkload workload, String runId, LoadPathRun.Steering steering,
                         List<PhaseScore> phases) throws Exception {
        runPath(platform, Duration.ofSeconds(2), spec, workload, runId, steering, phases);
    }

    /** A path from one tile's phase of {@code first} on {@code on}, its bundle in {@code bundle-<runId>}. */
    private void runPath(FakePlatform on, Duration first, BenchmarkSpec spec, CountingWorkload workload, String runId,
                         LoadPathRun.Steering steering, List<PhaseScore> phases) throws Exception {
        try (TileCluster cluster = TileCluster.on(on, runId, out);
             ResultsBundle bundle = ResultsBundle.create(tmp.resolve("bundle-" + runId))) {
            LoadPathLoop.TileRequests requests = tiles -> {
                Map<Integer, List<VmRequest>> wanted = new TreeMap<>();
                for (int tile = 1; tile <= tiles; tile++) {
                    wanted.put(tile, workload.vms(tile, spec, SECRETS));
                }
                return wanted;
            };
            new LoadPathLoop(spec, List.of(workload), SECRETS, cluster, requests,
                    new StopPolicy(PhasePolicy.MEASURE_ALL, Integer.MAX_VALUE, new CountDownLatch(1)),
                    Publishers.of(new BundlePublisher(bundle), new ConsolePublisher(out, spec.run())), VmProfiler.NONE,
                    new DeployVm(on, runId, spec, SECRETS), out, new ArrayList<>())
                    .run(new LoadPathRun.Next(1, first), steering, phases);
        }
    }

    /** Whether the platform was asked for {@code call} within 30 s (the deployment ahead runs on a thread of its own). */
    private boolean waitFor(String call) {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < until) {
            if (platform.calls.contains(call)) {
                return true;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    private static List<Integer> intervalsOf(List<JsonNode> lines, int tile) {
        return lines.stream().filter(l -> l.get("tile").asInt() == tile).map(l -> l.get("interval").asInt()).toList();
    }

    private static List<Integer> range(int first, int last) {
        return java.util.stream.IntStream.rangeClosed(first, last).boxed().toList();
    }
}
