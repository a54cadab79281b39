package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.infra.ops.StorageVMotion;
import org.tilemark.infra.ops.VMotion;
import org.tilemark.infra.ops.XvMotion;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.PlatformOperation;
import org.tilemark.infra.platform.Vm;
import org.tilemark.workloads.VmRequest;
import org.tilemark.infra.platform.fake.FakePlatform;

/** The infrastructure operations of a run, planned and run against the shared {@link FakePlatform}. */
class InfraRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
    private final List<InfraOpLine> published = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Test
    void everyOperationThePlatformCanDoRunsAndIsRecordedInItsPhase() throws Exception {
        FakePlatform platform = new FakePlatform(2, EnumSet.allOf(Capability.class));
        List<TileProvisioner.DeployedVm> tile = tile(platform);

        List<JsonNode> lines = runUntilEachTypeRecorded(platform, tile, Set.of(VMotion.NAME, StorageVMotion.NAME, XvMotion.NAME),
                run -> {
                    InfraPhase phase = run.score(1, Duration.ofMinutes(1));
                    assertThat(phase.qos().passed()).as(phase.qos().toString()).isTrue();
                    assertThat(phase.completed())
                            .containsKeys(VMotion.NAME, StorageVMotion.NAME, XvMotion.NAME);
                    assertThat(phase.failed().values()).allMatch(n -> n == 0);
                });

        assertThat(lines).allSatisfy(line -> {
            assertThat(line.get("phase").asInt()).isEqualTo(1);
            assertThat(line.get("outcome").asText()).isEqualTo("succeeded");
            assertThat(line.get("bytesMoved").asLong()).isEqualTo(512L << 20);
            assertThat(line.get("from").get("host").asText()).isNotEmpty();
        });
        assertThat(lines).filteredOn(l -> l.get("operation").asText().equals(VMotion.NAME))
                .allSatisfy(l -> assertThat(l.get("to").get("host").asText()).isNotEqualTo(l.get("from").get("host").asText()));
        assertThat(lines).filteredOn(l -> l.get("operation").asText().equals(StorageVMotion.NAME))
                .allSatisfy(l -> assertThat(l.get("to").get("datastore").asText()).isNotEqualTo(l.get("from").get("datastore").asText()));
    }

    @Test
    void whatThePlatformCannotDoIsNotPlannedAndTheConsoleSaysSo() throws Exception {
        FakePlatform platform = new FakePlatform(1, EnumSet.of(Capability.STORAGE_MIGRATION));
        BenchmarkSpec spec = spec();

        try (ResultsBundle bundle = ResultsBundle.create(tmp.resolve("bundle"))) {
            InfraRun run = InfraRun.plan(spec, platform, tile(platform), null, new BundlePublisher(bundle), out).orElseThrow();

            assertThat(run.operationTypes()).containsExactly(StorageVMotion.NAME);
        }
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("[infra] not run: vmotion", "[infra] not run: xvmotion");
    }

    @Test
    void aRefusedMigrationIsAFailedOperationThatFailsThePhaseNamingTheVm() throws Exception {
        FakePlatform platform = new FakePlatform(2, EnumSet.of(Capability.LIVE_MIGRATION));
        List<TileProvisioner.DeployedVm> tile = tile(platform);
        tile.forEach(vm -> platform.refuseMigrationsOf(vm.vm().name()));

        List<JsonNode> lines = runUntilEachTypeRecorded(platform, tile, Set.of(VMotion.NAME), run -> {
            InfraPhase phase = run.score(1, Duration.ofMinutes(1));
            assertThat(phase.qos().passed()).isFalse();
            assertThat(String.join("\n", phase.qos().reasons())).contains("tile1-");
        });

        assertThat(lines).allSatisfy(line -> {
            assertThat(line.get("outcome").asText()).isEqualTo("failed");
            assertThat(line.get("error").asText()).contains("refused by the test");
        });
        assertThat(platform.placement(tile.getFirst().vm()).host()).as("left where it ran").isEqualTo("host-0");
    }

    @Test
    void aMoveThePlatformMadeOnItsOwnWhileMeasuringIsRecordedAsPlatformInitiatedAndNeverScored() throws Exception {
        FakePlatform platform = new FakePlatform(2, EnumSet.of(Capability.STORAGE_MIGRATION));
        List<TileProvisioner.DeployedVm> tile = tile(platform);
        PlatformOperation drs = new PlatformOperation(tile.getFirst().vm(), new Placement("host-0", "app"),
                new Placement("host-1", "app"), Instant.parse("2026-11-24T18:00:00Z"), "DRS");
        Path directory = tmp.resolve("bundle");
        try (ResultsBundle bundle = ResultsBundle.create(directory)) {
            InfraRun run = InfraRun.plan(spec(), platform, tile, null, new BundlePublisher(bundle), out).orElseThrow();
            run.platformOperation(drs); // before measuring: not recorded
            run.start(at -> 1);
            run.platformOperation(drs);
            run.stop();
            run.platformOperation(drs); // after: not recorded
            InfraPhase phase = run.score(1, Duration.ofMinutes(1));
            assertThat(phase.completed()).doesNotContainKey(VMotion.NAME);
            assertThat(phase.failed()).doesNotContainKey(VMotion.NAME);
        }

        List<JsonNode> platformLines = recorded(directory).stream()
                .filter(line -> line.path("initiator").asText().equals(InfraOpLine.PLATFORM)).toList();
        assertThat(platformLines).singleElement().satisfies(line -> {
            assertThat(line.get("operation").asText()).isEqualTo(VMotion.NAME);
            assertThat(line.get("cause").asText()).isEqualTo("DRS");
            assertThat(line.get("vm").asText()).isEqualTo("tile1-standby");
            assertThat(line.get("to").get("host").asText()).isEqualTo("host-1");
            assertThat(line.get("end").asText()).isEqualTo("2026-11-24T18:00:00Z");
            assertThat(line.get("phase").asInt()).isEqualTo(1);
            assertThat(line.get("block").asInt()).isZero();
            assertThat(line.get("outcome").asText()).isEqualTo(InfraOpLine.SUCCEEDED);
            assertThat(line.get("durationMs").isNull()).isTrue();
        });
        assertThat(recorded(directory)).filteredOn(line -> !line.has("initiator"))
                .allSatisfy(line -> assertThat(line.get("operation").asText()).isEqualTo(StorageVMotion.NAME));
        assertThat(console.toString(StandardCharsets.UTF_8))
                .contains("[infra] DRS vmotion tile1-standby host-0/app -> host-1/app (platform-initiated: recorded, not scored)");
    }

    private List<JsonNode> runUntilEachTypeRecorded(FakePlatform platform, List<TileProvisioner.DeployedVm> tile,
                                                    Set<String> types, RunCheck check) throws Exception {
        Path directory = tmp.resolve("bundle");
        try (ResultsBundle bundle = ResultsBundle.create(directory)) {
            InfraRun run = InfraRun.plan(spec(), platform, tile, null, Publishers.of(new BundlePublisher(bundle), new LivePublisher(new RunListener() {
                @Override
                public void infraOperation(InfraOpLine operation) {
                    published.add(operation);
                }
            })), out).orElseThrow();
            run.start(at -> 1);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!recorded(directory).stream().map(l -> l.get("operation").asText()).toList().containsAll(types)) {
                assertThat(System.nanoTime()).as("every operation type recorded within a minute").isLessThan(deadline);
                Thread.sleep(50);
            }
            run.stop();
            check.accept(run);
        }
        List<JsonNode> lines = recorded(directory);
        // A live view is told each operation as the bundle has it.
        assertThat(published).extracting(InfraOpLine::vm).containsExactlyElementsOf(lines.stream().map(l -> l.get("vm").asText()).toList());
        return lines;
    }

    private static List<JsonNode> recorded(Path bundle) throws Exception {
        Path file = bundle.resolve("infra-ops.jsonl");
        List<JsonNode> lines = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) {
                    lines.add(JSON.readTree(line));
                }
            }
        }
        return lines;
    }

    private static BenchmarkSpec spec() throws Exception {
        return ConfigLoader.load(Optional.empty(), Map.of("infra.pause", "100ms", "infra.deploy.enabled", "false",
                "infra.operationTimeout", "10s"));
    }

    /** Two VMs of tile 1 whose roles every migration loop picks from by default. */
    private static List<TileProvisioner.DeployedVm> tile(FakePlatform platform) {
        List<TileProvisioner.DeployedVm> vms = new ArrayList<>();
        for (String role : List.of("standby", "dvdstore-web")) {
            Vm vm = platform.running("tile1-" + role, role, 1, "host-0");
            vms.add(new TileProvisioner.DeployedVm(new VmRequest(vm.name(), role, Map.of(), Map.of(), Map.of()), vm,
                    platform.endpoints(vm)));
        }
        return vms;
    }

    @FunctionalInterface
    private interface RunCheck {
        void accept(InfraRun run) throws Exception;
    }
}
