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

/**
 * An infrastructure-only run ({@code infra.only}) on vCenter's simulator with method delays (a clone takes
 * 3 s, a relocation 2 s): the tile's eight VMs are cloned and powered on, then vMotion, Storage vMotion,
 * XvMotion and Deploy run for two phases; meanwhile an administrator puts a host into maintenance mode
 * (govc, another session), so the Deploy that powers on there fails with vCenter's fault, and the host
 * leaves maintenance mode again. vcsim boots no guest and copies no bytes: this shows the operations'
 * orchestration through vCenter's API, their records and the verdict, not their speed.
 */
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
        List<JsonNode> ops = lines(outcome.bundle().resolve("infra-ops.jsonl"));
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
        assertThat(Files.readString(outcome.bundle().resolve("report.html"))).contains("Infrastructure operations");
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
        System.out.printf("vSphere (vcsim) infrastructure-only run: %d operations, %d failed (%s)%n", ops.size(), failed.size(),
                failed.getFirst().get("error").asText());
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
