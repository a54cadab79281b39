package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.verify.BundleVerifier;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.tests.lanes.VcsimLane;

/**
 * An infrastructure-only run ({@code infra.only}) on vCenter's simulator with method delays (a clone takes
 * 3 s, a relocation 2 s): the tile's eight VMs are cloned and powered on, then vMotion, Storage vMotion,
 * XvMotion and Deploy run for two phases; meanwhile an administrator puts a host into maintenance mode
 * (govc, another session), so the Deploy that powers on there fails with vCenter's fault, and the host
 * leaves maintenance mode again. Before that, vCenter's events that DRS moved two tile VMs are posted
 * (vcsim runs no DRS), and the run records those moves as platform-initiated, apart from its own
 * operations. vcsim boots no guest and copies no bytes: this shows the operations' orchestration through
 * vCenter's API, their records and the verdict, not their speed.
 */
@VcsimLane // waits on vcsim, beside the local runs
class VsphereInfraOnlyRunTest {

    private static final Path DIR = Path.of("target", "vsphere-infra-only").toAbsolutePath();
    private static final String PASSWORD = "Vcsim-Infra-" + Long.toHexString(System.nanoTime());
    private static final String HOST = "/DC0/host/DC0_C0/DC0_C0_H1";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static VcsimServer vcsim;

    @BeforeAll
    static void startVcsim() throws Exception {
        vcsim = VcsimServer.start(DIR.resolve("vcsim"), PASSWORD, 2, List.of("-method-delay",
                "CloneVM_Task:3000,RelocateVM_Task:2000,PowerOnVM_Task:1000,PowerOffVM_Task:500,Destroy_Task:500"));
    }

    @AfterAll
    static void stopVcsim() throws Exception {
        if (vcsim != null) {
            vcsim.close();
        }
    }

    @Test
    void everyOperationTypeRunsThroughVcenterAndAFaultInjectedMidRunIsAFailedOperation() throws Exception {
        Map<String, String> settings = vcsim.clusterSettings(DIR);
        Path results = DIR.resolve("results-" + System.currentTimeMillis()); // this run's bundle alone
        settings.put("run.results", results.toString());
        settings.putAll(Map.of("run.tiles", "1", "run.phases", "2", "run.phaseDuration", "40s", "run.warmup", "10s",
                "infra.only", "true", "infra.pause", "3s", "infra.deploy.jobDuration", "1s", "workloads.dvdstore.size", "1MB"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunOrchestrator orchestrator = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of());
        var spec = ConfigLoader.load(Optional.empty(), settings);
        CompletableFuture<RunOutcome> run = CompletableFuture.supplyAsync(() -> orchestrator.run(spec));

        // The fault: once a Deploy has succeeded, a host goes into maintenance mode until a Deploy fails on it.
        awaitOperation(results, run, "deploy", "succeeded");
        List<Drs> drs = postDrsMigrations(); // measuring: the operations have begun
        vcsim.govc("host.maintenance.enter", HOST);
        try {
            awaitOperation(results, run, "deploy", "failed");
        } finally {
            vcsim.govc("host.maintenance.exit", HOST);
        }
        RunOutcome outcome = run.get(6, TimeUnit.MINUTES);
        String printed = console.toString(StandardCharsets.UTF_8);
        System.out.println(printed);

        assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.NON_COMPLIANT);
        List<JsonNode> all = lines(outcome.bundle().resolve("infra-ops.jsonl"));
        List<JsonNode> platformInitiated = all.stream().filter(op -> op.path("initiator").asText().equals("platform")).toList();
        List<JsonNode> ops = all.stream().filter(op -> !platformInitiated.contains(op)).toList();
        assertThat(platformInitiated).as("DRS's migrations, platform-initiated").hasSize(2);
        for (int i = 0; i < 2; i++) {
            Drs moved = drs.get(i);
            JsonNode op = platformInitiated.stream().filter(line -> line.get("vm").asText().equals(moved.vm())).findFirst().orElseThrow();
            assertThat(op.get("operation").asText()).isEqualTo(i == 0 ? "vmotion" : "xvmotion");
            assertThat(op.get("cause").asText()).isEqualTo("DRS");
            assertThat(op.get("from").get("host").asText()).isEqualTo(moved.from());
            assertThat(op.get("to").get("host").asText()).isEqualTo(moved.to());
            if (moved.toDatastore() == null) { // the vMotion's event names none: the VM's datastore now, on both ends
                assertThat(op.get("from").get("datastore").asText()).isEqualTo(op.get("to").get("datastore").asText()).isNotEmpty();
            } else {
                assertThat(op.get("from").get("datastore").asText()).isEqualTo(moved.fromDatastore());
                assertThat(op.get("to").get("datastore").asText()).isEqualTo(moved.toDatastore());
            }
            assertThat(op.get("phase").asInt()).isBetween(1, 2);
            assertThat(op.get("outcome").asText()).isEqualTo("succeeded");
            assertThat(printed).contains("[infra] DRS " + op.get("operation").asText() + " " + moved.vm() + " ");
        }
        assertThat(printed).contains("(platform-initiated: recorded, not scored)");
        for (String type : List.of("vmotion", "storage-vmotion", "xvmotion", "deploy")) {
            for (int phase = 1; phase <= 2; phase++) {
                int p = phase;
                assertThat(ops).as("a %s succeeded in phase %d", type, phase).anySatisfy(op -> {
                    assertThat(op.get("operation").asText()).isEqualTo(type);
                    assertThat(op.get("phase").asInt()).isEqualTo(p);
                    assertThat(op.get("outcome").asText()).isEqualTo("succeeded");
                });
            }
        }
        List<JsonNode> failed = ops.stream().filter(op -> op.get("outcome").asText().equals("failed")).toList();
        assertThat(failed).as("failed operations").isNotEmpty().allSatisfy(op -> {
            assertThat(op.get("operation").asText()).isEqualTo("deploy");
            assertThat(op.get("from").get("host").asText()).isEqualTo("DC0_C0_H1");
            // vCenter's own fault: powering on a VM on a host in maintenance mode is an invalid state.
            assertThat(op.get("error").asText()).contains("powering on VM deploy-b").contains("InvalidState");
        });
        JsonNode score = JSON.readTree(outcome.bundle().resolve("score.json").toFile());
        assertThat(score.get("verdict").asText()).isEqualTo("non-compliant");
        assertThat(score.get("score").isNull()).isTrue();
        assertThat(score.get("reasons").toString()).contains("infrastructure: deploy of deploy-b").contains("InvalidState");
        assertThat(printed).containsPattern("Infrastructure only @ 1 tile: [0-9]+ operation\\(s\\) succeeded, [1-9][0-9]* failed over 2 phases")
                .doesNotContain(PASSWORD);
        assertThat(Files.readString(outcome.bundle().resolve("report.html"))).contains("Infrastructure operations")
                .contains("Platform-initiated (DRS) migrations: 2.");
        assertThat(BundleVerifier.verify(outcome.bundle(), Optional.empty()).line()).contains("infrastructure-only run");
        try (Stream<Path> files = Files.walk(outcome.bundle())) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1))
                        .as("the password in %s", outcome.bundle().relativize(file)).doesNotContain(PASSWORD);
            }
        }
        try (Platform watcher = Platforms.create(spec.cluster())) {
            assertThat(watcher.leftovers(null)).as("VMs left in vCenter").isEmpty();
        }
        System.out.printf("vSphere (vcsim) infrastructure-only run: %d operations, %d failed (%s); %d platform-initiated (DRS)%n",
                ops.size(), failed.size(), failed.getFirst().get("error").asText(), platformInitiated.size());
    }

    /** A tile VM DRS moved, by its Tilemark name, and the hosts' and datastores' names as placements name them. */
    private record Drs(String vm, String from, String to, String fromDatastore, String toDatastore) {
    }

    /**
     * What vCenter logs when DRS moves a VM, for two of the tile's VMs from the host they run on to another:
     * a vMotion whose event names no datastore, and an XvMotion from LocalDS_0 (harness datastore app) to
     * LocalDS_1 (maintenance). vcsim runs no DRS, so the test posts the events (the VMs stay where they are).
     */
    private static List<Drs> postDrsMigrations() throws Exception {
        List<String> vms = vcsim.govc("find", "-i", "/DC0/vm", "-type", "m", "-name", "tm-*-tile1-*").lines()
                .map(String::strip).filter(vm -> !vm.isEmpty()).toList();
        VcsimEvents.Ref app = ref(vcsim.govc("find", "-i", "/DC0/datastore", "-type", "s", "-name", "LocalDS_0"));
        VcsimEvents.Ref maintenance = ref(vcsim.govc("find", "-i", "/DC0/datastore", "-type", "s", "-name", "LocalDS_1"));
        return List.of(post(vms.get(0), Optional.empty(), Optional.empty()), post(vms.get(1), Optional.of(app), Optional.of(maintenance)));
    }

    private static Drs post(String vm, Optional<VcsimEvents.Ref> fromDatastore, Optional<VcsimEvents.Ref> toDatastore) throws Exception {
        VcsimEvents.Ref moved = ref(vm);
        VcsimEvents.Ref source = ref(vcsim.govc("object.collect", "-s", vm, "runtime.host"));
        VcsimEvents.Ref target = ref(vcsim.govc("find", "-i", "/DC0/host", "-type", "h").lines().map(String::strip)
                .filter(host -> !host.isEmpty() && !host.equals(source.type() + ":" + source.value())).findFirst().orElseThrow());
        VcsimEvents.postDrsMigration(vcsim, moved, source, target, fromDatastore, toDatastore);
        // vCenter names it tm-<run id>-<Tilemark's name>.
        return new Drs(moved.name().substring(moved.name().indexOf("-tile1-") + 1), source.name(), target.name(),
                fromDatastore.map(ds -> "app").orElse(null), toDatastore.map(ds -> "maintenance").orElse(null));
    }

    /** An object govc printed as {@code Type:value}, with its vCenter name. */
    private static VcsimEvents.Ref ref(String typeColonValue) throws Exception {
        String mor = typeColonValue.strip();
        return VcsimEvents.Ref.of(mor, vcsim.govc("object.collect", "-s", mor, "name"));
    }

    /** Waits until the run's infra-ops.jsonl has an operation of {@code type} with {@code outcome}. */
    private static void awaitOperation(Path results, CompletableFuture<RunOutcome> run, String type, String outcome) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (System.nanoTime() < deadline) {
            assertThat(run).as("the run ended before a %s %s", type, outcome).isNotDone();
            try (Stream<Path> bundles = Files.exists(results) ? Files.list(results) : Stream.empty()) {
                for (Path bundle : bundles.toList()) {
                    Path file = bundle.resolve("infra-ops.jsonl");
                    if (Files.exists(file) && lines(file).stream().anyMatch(op -> op.path("operation").asText().equals(type)
                            && op.path("outcome").asText().equals(outcome))) {
                        return;
                    }
                }
            }
            Thread.sleep(250);
        }
        throw new AssertionError("no " + type + " " + outcome + " within 4 minutes");
    }

    private static List<JsonNode> lines(Path jsonl) throws Exception {
        List<JsonNode> result = new ArrayList<>();
        for (String line : Files.readAllLines(jsonl)) {
            if (!line.isBlank() && line.endsWith("}")) {
                result.add(JSON.readTree(line));
            }
        }
        return result;
    }
}
