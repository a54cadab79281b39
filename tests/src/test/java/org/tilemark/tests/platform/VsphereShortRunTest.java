package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.verify.BundleVerifier;
import org.tilemark.tests.lanes.VcsimLane;

/**
 * Short infrastructure-only runs ({@code infra.only}) on vCenter's simulator, each on a vcsim of its own: what run.json
 * says of the site (hosts left out and why, the clusters' DRS and HA), and a run whose vCenter dies mid-run.
 */
@VcsimLane // waits on vcsim, beside the local runs
class VsphereShortRunTest {

    private static final Path DIR = Path.of("target", "vsphere-short-run").toAbsolutePath();
    private static final String PASSWORD = "Vcsim-Short-" + Long.toHexString(System.nanoTime());
    private static final ObjectMapper JSON = new ObjectMapper();
    private VcsimServer vcsim;

    @AfterEach
    void stopVcsim() throws Exception {
        if (vcsim != null) {
            vcsim.close();
        }
    }

    private Map<String, String> shortRun(String name) {
        Map<String, String> settings = vcsim.clusterSettings(DIR.resolve(name));
        settings.putAll(Map.of("run.tiles", "1", "run.phases", "1", "run.phaseDuration", "20s", "run.warmup", "2s",
                "infra.only", "true", "infra.pause", "1s", "infra.deploy.jobDuration", "1s", "workloads.dvdstore.size", "1MB"));
        return settings;
    }

    private static RunOutcome run(Map<String, String> settings, ByteArrayOutputStream console) throws Exception {
        return new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of())
                .run(ConfigLoader.load(Optional.empty(), settings));
    }

    /**
     * A host an administrator put into maintenance mode before the run and a host of another cluster are not used, and
     * run.json says so with the reason, beside the chosen cluster's DRS mode and HA state (vcsim: DRS on with no
     * behaviour set, which vim25 reads as fullyAutomated; HA unset).
     */
    @Test
    void runJsonSaysWhichHostsWereNotUsedAndWhyAndTheClustersDrsAndHa() throws Exception {
        vcsim = VcsimServer.start(DIR.resolve("vcsim-disclosure"), PASSWORD, 2, List.of());
        vcsim.govc("host.maintenance.enter", "/DC0/host/DC0_C0/DC0_C0_H2");
        vcsim.govc("cluster.create", "-dc", "DC0", "DC0_OTHER");
        vcsim.govc("cluster.add", "-cluster", "/DC0/host/DC0_OTHER", "-hostname", "other-host", "-username", "root", "-password", "x",
                "-noverify");
        Map<String, String> settings = shortRun("disclosure");
        settings.put("cluster.vsphere.cluster", "DC0_C0");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunOutcome outcome = run(settings, console);
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(outcome.exitCode()).as(printed).isIn(RunOutcome.COMPLIANT, RunOutcome.NON_COMPLIANT);
        JsonNode runJson = JSON.readTree(outcome.bundle().resolve("run.json").toFile());
        assertThat(runJson.path("config").path("cluster").path("vsphere").path("maxTasksInFlight").asInt())
                .as("the tasks the run had in vCenter at once, disclosed").isEqualTo(32);
        JsonNode inventory = runJson.path("inventory");
        assertThat(inventory.path("hosts").findValuesAsText("name")).containsExactly("DC0_C0_H0", "DC0_C0_H1");
        assertThat(inventory.path("hostsNotUsed").toString()).isEqualTo(JSON.readTree("""
                [{"name":"DC0_C0_H2","reason":"maintenance-mode","detail":"in maintenance mode"},
                 {"name":"other-host","reason":"other-cluster","detail":"in 'DC0_OTHER', not in cluster 'DC0_C0'"}]""").toString());
        assertThat(inventory.path("clusters").toString())
                .isEqualTo(JSON.readTree("[{\"name\":\"DC0_C0\",\"drs\":\"fullyAutomated\",\"ha\":false}]").toString());
        assertThat(inventory.path("vms").findValuesAsText("host")).isNotEmpty().doesNotContain("DC0_C0_H2", "other-host");
        assertThat(printed).contains("warning: host 'DC0_C0_H2' not used: in maintenance mode",
                "warning: cluster 'DC0_C0': DRS fullyAutomated, HA off");
    }

    /**
     * vCenter gone mid-run (vcsim killed with SIGKILL while the infrastructure operations run): the run ends with a
     * verdict whose reasons name vCenter, and every operation recorded before is kept as it was.
     */
    @Test
    void vcenterKilledMidRunEndsWithAVerdictNamingItAndKeepsWhatWasMeasured() throws Exception {
        vcsim = VcsimServer.start(DIR.resolve("vcsim-lost"), PASSWORD, 2, List.of("-method-delay", "RelocateVM_Task:1000"));
        Map<String, String> settings = shortRun("lost");
        settings.putAll(Map.of("run.phases", "2", "run.phaseDuration", "30s"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        CompletableFuture<RunOutcome> running = CompletableFuture.supplyAsync(() -> {
            try {
                return run(settings, console);
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        });
        Path infraOps = awaitSucceeded(DIR.resolve("lost").resolve("results"), running);
        List<String> before = Files.readAllLines(infraOps);
        vcsim.kill();
        RunOutcome outcome = running.get(6, TimeUnit.MINUTES);
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(outcome.exitCode()).as(printed).isIn(RunOutcome.NON_COMPLIANT, RunOutcome.RUNTIME_FAILURE);
        JsonNode score = JSON.readTree(outcome.bundle().resolve("score.json").toFile());
        assertThat(score.get("verdict").asText()).isIn("non-compliant", "failed", "aborted");
        assertThat(score.get("reasons").toString()).as(printed).contains("vCenter at " + vcsim.url().replace("https://", "").replace("/sdk", ""));
        List<String> after = Files.readAllLines(infraOps);
        assertThat(after.subList(0, before.size())).as("what was measured before vCenter went, kept").isEqualTo(before);
        assertThat(BundleVerifier.verify(outcome.bundle(), Optional.empty()).line()).contains("infrastructure-only run");
        assertThat(printed).doesNotContain(PASSWORD);
        System.out.printf("vSphere (vcsim killed mid-run): %d operation line(s) before, %d after; verdict %s%n", before.size(), after.size(),
                score.get("verdict").asText());
    }

    /** The run's infra-ops.jsonl once it holds a succeeded operation. */
    private static Path awaitSucceeded(Path results, CompletableFuture<RunOutcome> running) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (System.nanoTime() < deadline) {
            assertThat(running).as("the run ended before an operation succeeded").isNotDone();
            try (Stream<Path> bundles = Files.exists(results) ? Files.list(results) : Stream.empty()) {
                for (Path bundle : bundles.toList()) {
                    Path file = bundle.resolve("infra-ops.jsonl");
                    if (Files.exists(file) && Files.readString(file).contains("\"outcome\":\"succeeded\"")) {
                        return file;
                    }
                }
            }
            Thread.sleep(250);
        }
        throw new AssertionError("no operation succeeded within 4 minutes");
    }
}
