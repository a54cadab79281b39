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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.tests.lanes.VmLane;

/**
 * A benchmark run in real VMs: a reduced tile (the DVD Store database, one web VM, the standby) on
 * the two libvirt test hosts ({@link LibvirtTestHosts}) under software emulation, with every
 * infrastructure operation type (live migration, block copy, migration with disk copy, Deploy)
 * running beside the workloads. QoS limits are relaxed to what emulation can give (a relaxed limit
 * makes the result unpublishable anyway, as does domain type qemu): the test checks that the run
 * completes with its bundle, that every operation type succeeded with the hypervisor's own figures,
 * and that nothing is left on either host.
 */
@VmLane
@Tag("libvirt-tcg") // tens of minutes under TCG: on demand (tests/pom.xml)
class LibvirtEndToEndTest {

    @RegisterExtension
    static final LibvirtLab LAB = new LibvirtLab("libvirt-e2e");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aReducedTileRunsInVmsWithEveryInfraOperationType() throws Exception {
        var spec = ConfigLoader.load(Optional.empty(), settings());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(new TeeStream(console, System.out), true, StandardCharsets.UTF_8);
        RunOutcome outcome = new RunOrchestrator(out, out, Map.of()).run(spec);
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(outcome.exitCode()).as(printed).isIn(RunOutcome.COMPLIANT, RunOutcome.NON_COMPLIANT);
        Path bundle = outcome.bundle();
        JsonNode run = JSON.readTree(bundle.resolve("run.json").toFile());
        assertThat(run.get("publishable").asBoolean()).isFalse();
        assertThat(run.get("inventory").get("vms")).hasSize(3);
        assertThat(run.at("/inventory/images")).as("the image the VMs booted").hasSize(1);

        List<JsonNode> ops = new ArrayList<>();
        for (String line : Files.readAllLines(bundle.resolve("infra-ops.jsonl"))) {
            if (!line.isBlank()) {
                ops.add(JSON.readTree(line));
            }
        }
        for (String type : List.of("vmotion", "storage-vmotion", "xvmotion", "deploy")) {
            assertThat(ops).as("a %s succeeded: %s", type, ops).anySatisfy(op -> {
                assertThat(op.get("operation").asText()).isEqualTo(type);
                assertThat(op.get("outcome").asText()).isEqualTo("succeeded");
            });
        }
        for (JsonNode op : ops) {
            System.out.println("infra op: " + op);
            assertThat(op.get("outcome").asText()).as("every operation succeeds: %s", op).isEqualTo("succeeded");
            if (op.get("operation").asText().endsWith("motion")) {
                assertThat(op.get("bytesMoved").asLong()).as("bytes the hypervisor moved: %s", op).isPositive();
            }
            if (op.get("operation").asText().equals("vmotion") || op.get("operation").asText().equals("xvmotion")) {
                assertThat(op.get("stunMs").isNumber()).as("downtime QEMU measured: %s", op).isTrue();
                assertThat(op.get("bytesMoved").asLong()).as("moved at least the guest's memory in use: %s", op)
                        .isGreaterThanOrEqualTo(op.get("guestMemoryInUseBytes").asLong());
                assertThat(op.get("guestMemoryInUseBytes").asLong()).as("the guest's memory in use: %s", op).isPositive();
            }
        }
        assertThat(ops).as("the database VM moved live under load").anySatisfy(op -> {
            assertThat(op.get("operation").asText()).isEqualTo("vmotion");
            assertThat(op.get("role").asText()).isEqualTo("dvdstore-db");
        });
        // ... and every order a purchase page confirmed, before, during and after its moves, is in the database.
        JsonNode score = JSON.readTree(bundle.resolve("score.json").toFile());
        assertThat(score.get("audits")).as(printed).singleElement().satisfies(audit -> {
            assertThat(audit.get("checked").asLong()).as("orders confirmed").isPositive();
            assertThat(audit.get("missing").asLong()).as("orders missing").isZero();
        });
        assertThat(LAB.hosts().domainsAndVolumes()).as("domains and volumes left on the hosts").isEmpty();
    }

    /** {@code virsh destroy} of a tile VM once measurement started: the run finishes, exit 1, its verdict names the VM. */
    @Test
    void aVmDestroyedBehindTheHarnessBackEndsTheRunNonCompliantNamingIt() throws Exception {
        Map<String, String> settings = settings();
        Path results = LAB.dir().resolve("results-destroyed");
        LibvirtTestHosts.deleteTree(results); // the run is found by its directory there: none of an earlier test run's
        settings.put("run.results", results.toString());
        settings.put("infra.enabled", "false");
        settings.put("run.phaseDuration", "3m");
        settings.put("run.warmup", "30s");
        var spec = ConfigLoader.load(Optional.empty(), settings);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(new TeeStream(console, System.out), true, StandardCharsets.UTF_8);
        var running = java.util.concurrent.CompletableFuture.supplyAsync(() -> new RunOrchestrator(out, out, Map.of()).run(spec));

        Path bundle = awaitMeasurement(results, running);
        String domain = "tm-" + bundle.getFileName() + "-tile1-standby";
        LAB.hosts().destroyDomain(domain);
        System.out.println("destroyed " + domain + " with virsh");
        RunOutcome outcome = running.get(30, java.util.concurrent.TimeUnit.MINUTES);
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.NON_COMPLIANT);
        JsonNode score = JSON.readTree(bundle.resolve("score.json").toFile());
        assertThat(score.get("reasons").toString()).contains("tile1-standby");
        long measured = Files.readAllLines(bundle.resolve("intervals.jsonl")).stream().filter(l -> l.contains("\"measure\"")).count();
        assertThat(measured).as("every measured interval is kept: 6 intervals x 2 workloads").isEqualTo(12);
        assertThat(LAB.hosts().domainsAndVolumes()).as("domains and volumes left on the hosts").isEmpty();
    }

    /**
     * A host dropped off the segment mid-phase ({@code ip link set uplink down} in its namespace) under a
     * standby-only tile: the run goes on to its phase's end, exit 1, its verdict names the host, every interval
     * measured is kept, and once the host is back {@code tilemark cleanup} leaves nothing on either host.
     */
    @Test
    void aHostLostMidPhaseEndsTheRunWithAVerdictNamingItAndCleanupLeavesNothing() throws Exception {
        Map<String, String> settings = settings();
        Path results = LAB.dir().resolve("results-lost-host");
        LibvirtTestHosts.deleteTree(results);
        settings.put("run.results", results.toString());
        settings.put("workloads.dvdstore.enabled", "false");
        settings.put("infra.enabled", "false");
        settings.put("run.tileScale", "0.05"); // the standby is never scaled; the scored workloads are off
        settings.put("run.phaseDuration", "4m"); // the host is cut at the phase's first interval: libvirt's keepalive gives up after 60 s
        settings.put("run.warmup", "30s");
        var spec = ConfigLoader.load(Optional.empty(), settings);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(new TeeStream(console, System.out), true, StandardCharsets.UTF_8);
        var running = java.util.concurrent.CompletableFuture.supplyAsync(() -> new RunOrchestrator(out, out, Map.of()).run(spec));

        Path bundle = awaitMeasurement(results, running);
        String host = LAB.hosts().hostRunning("tm-" + bundle.getFileName() + "-tile1-standby");
        RunOutcome outcome;
        LAB.hosts().uplink(host, false);
        long cutAt = System.nanoTime();
        try {
            System.out.println(host + "'s uplink down mid-phase");
            outcome = running.get(20, java.util.concurrent.TimeUnit.MINUTES);
            System.out.printf("the run ended %d s after the cut%n", (System.nanoTime() - cutAt) / 1_000_000_000);
        } finally {
            LAB.hosts().uplink(host, true);
        }
        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.NON_COMPLIANT);
        JsonNode score = JSON.readTree(bundle.resolve("score.json").toFile());
        System.out.println("verdict reasons: " + score.get("reasons"));
        assertThat(score.get("reasons").toString()).contains("host " + host + " stopped answering").contains("tile1-standby");
        assertThat(printed).as("the teardown could not reach the lost host, and says so")
                .contains("[teardown] 1 VM(s) not destroyed: [tile1-standby]");
        long measured = Files.readAllLines(bundle.resolve("intervals.jsonl")).stream().filter(l -> l.contains("\"measure\"")).count();
        assertThat(measured).as("every measured interval is kept: 8 intervals x the standby").isEqualTo(8);

        Process cleanup = tilemark("cleanup", settings);
        assertThat(cleanup.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
        String output = Files.readString(LAB.dir().resolve("cleanup.out"));
        System.out.println("tilemark cleanup: " + output);
        assertThat(cleanup.exitValue()).as(output).isZero();
        assertThat(LAB.hosts().domainsAndVolumes()).as("domains and volumes left after cleanup").isEmpty();
    }

    /** kill -9 of the harness while it provisions (the database VM up, the web VM being deployed), then {@code tilemark cleanup}. */
    @Test
    void cleanupAfterAKilledHarnessLeavesNoDomainOrVolumeOnEitherHost() throws Exception {
        Map<String, String> settings = settings();
        settings.put("run.results", LAB.dir().resolve("results-killed").toString());
        Process harness = tilemark("run", settings);
        long deadline = System.nanoTime() + java.time.Duration.ofMinutes(20).toNanos();
        while (LAB.hosts().domainsAndVolumes().stream().noneMatch(d -> d.endsWith("-tile1-dvdstore-web1")) && System.nanoTime() < deadline) {
            assertThat(harness.isAlive()).as("the harness is still running").isTrue();
            Thread.sleep(2000);
        }
        harness.destroyForcibly(); // SIGKILL, as kill -9
        harness.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        List<String> left = LAB.hosts().domainsAndVolumes();
        System.out.println("left by the killed harness: " + left);
        assertThat(left).anySatisfy(d -> assertThat(d).endsWith("-tile1-dvdstore-db"));

        Process cleanup = tilemark("cleanup", settings);
        assertThat(cleanup.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
        String output = Files.readString(LAB.dir().resolve("cleanup.out"));
        System.out.println("tilemark cleanup: " + output);
        assertThat(cleanup.exitValue()).as(output).isZero();
        assertThat(LAB.hosts().domainsAndVolumes()).as("domains and volumes left after cleanup").isEmpty();
    }

    private static Process tilemark(String command, Map<String, String> settings) throws java.io.IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "org.tilemark.harness.TilemarkApplication", command));
        settings.forEach((k, v) -> cmd.addAll(List.of("-s", k + "=" + v)));
        // Its output to a file: a pipe nobody reads would block it.
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(LAB.dir().resolve(command + ".out").toFile()).start();
    }

    /** The run directory under {@code results} once its first measured interval is written. */
    private static Path awaitMeasurement(Path results, java.util.concurrent.Future<?> running) throws Exception {
        long deadline = System.nanoTime() + java.time.Duration.ofMinutes(25).toNanos();
        while (System.nanoTime() < deadline && !running.isDone()) {
            if (Files.isDirectory(results)) {
                try (var runs = Files.list(results)) {
                    for (Path run : runs.toList()) {
                        Path intervals = run.resolve("intervals.jsonl");
                        if (Files.isRegularFile(intervals) && Files.readString(intervals).contains("\"measure\"")) {
                            return run;
                        }
                    }
                }
            }
            Thread.sleep(2000);
        }
        throw new AssertionError("the run never measured" + (running.isDone() ? ": it ended" : ""));
    }

    private static Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("run.results", LAB.dir().resolve("results").toString());
        s.put("run.stateDir", LAB.dir().resolve("state").toString());
        s.put("run.tiles", "1");
        s.put("run.tileScale", "1"); // its own users below, unscaled
        s.put("run.phases", "1");
        // A Deploy boots a VM from the image: minutes under emulation, so the phase is long enough for one.
        s.put("run.phaseDuration", "8m");
        s.put("run.warmup", "1m");
        s.put("run.interval", "30s");
        s.put("run.provisionTimeout", "15m");
        s.putAll(LAB.hosts().clusterSettings());
        s.put("workloads.mail.enabled", "false");
        s.put("workloads.olio.enabled", "false");
        s.put("workloads.dvdstore.size", "1MB");
        s.put("workloads.dvdstore.webServers", "1");
        s.put("workloads.dvdstore.users", "4");
        s.put("workloads.dvdstore.thinkTime", "10s");
        s.put("workloads.dvdstore.load.shape", "constant");
        s.put("workloads.dvdstore.requestTimeout", "60s");
        for (String op : List.of("login", "newCustomer", "browse", "purchase")) {
            s.put("workloads.dvdstore.qos.limits." + op, "30s");
        }
        s.put("workloads.dvdstore.qos.maxScheduleLagP99", "60s");
        s.put("workloads.dvdstore.qos.maxFailurePercent", "10");
        s.put("workloads.standby.timeout", "10s");
        s.put("workloads.standby.minAnsweredPercent", "50");
        s.put("infra.blocks", "1");
        s.put("infra.pause", "10s");
        s.put("infra.operationTimeout", "15m");
        s.put("infra.vmotion.roles", "dvdstore-db, standby, dvdstore-web");
        s.put("infra.deploy.jobDuration", "20s");
        return s;
    }

    /** Writes to the test's console copy and to standard output (the run takes long: its progress shows). */
    private static final class TeeStream extends java.io.OutputStream {
        private final java.io.OutputStream a;
        private final java.io.OutputStream b;

        TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws java.io.IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws java.io.IOException {
            a.write(bytes, off, len);
            b.write(bytes, off, len);
        }
    }
}
