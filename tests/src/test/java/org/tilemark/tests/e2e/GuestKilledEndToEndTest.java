package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;

/** kill -9 of one web VM mid-run: the run finishes non-compliant, names the VM and the rule, and keeps every interval. */
class GuestKilledEndToEndTest {

    private static final Pattern PID = Pattern.compile("\"pid\"\\s*:\\s*(\\d+)");

    @Test
    void killedWebGuestMakesTheRunNonCompliantWithTheCauseNamed() throws Exception {
        Map<String, String> settings = E2e.settings("e2e-kill");
        var spec = E2e.spec(settings);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunOrchestrator orchestrator = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of());
        CompletableFuture<RunOutcome> run = CompletableFuture.supplyAsync(() -> orchestrator.run(spec));

        Path guestJson = waitForGuest(Path.of(settings.get("cluster.datastores.app")), "tile1-dvdstore-web2");
        waitForMeasurement(Path.of(settings.get("run.results")));
        Matcher pid = PID.matcher(Files.readString(guestJson));
        assertThat(pid.find()).isTrue();
        ProcessHandle guest = ProcessHandle.of(Long.parseLong(pid.group(1))).orElseThrow();
        guest.destroyForcibly(); // SIGKILL, as kill -9

        RunOutcome outcome = run.get(5, TimeUnit.MINUTES);
        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.NON_COMPLIANT);
        JsonNode score = E2e.json(outcome.bundle().resolve("score.json"));
        assertThat(score.get("verdict").asText()).isEqualTo("non-compliant");
        String reasons = score.get("reasons").toString();
        assertThat(reasons).contains("tile1-dvdstore-web2").contains("tile 1 dvdstore").contains("errors");
        List<JsonNode> intervals = E2e.intervals(outcome.bundle());
        assertThat(intervals).hasSize(5);
        assertThat(intervals.getFirst().get("errors").asLong()).isZero();
        assertThat(intervals.getLast().get("errorsByVm").has("tile1-dvdstore-web2")).isTrue();
        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).isEmpty();
    }

    private static Path waitForGuest(Path datastore, String vm) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(datastore)) {
                try (var runs = Files.list(datastore)) {
                    for (Path run : runs.toList()) {
                        Path ready = run.resolve(vm).resolve("guest.json");
                        if (Files.isRegularFile(ready)) {
                            return ready;
                        }
                    }
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError(vm + " never became ready");
    }

    /** Returns once the first measured interval is on disk, so the kill lands inside phase 1 or 2. */
    private static void waitForMeasurement(Path results) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        while (System.nanoTime() < deadline) {
            try (var runs = Files.list(results)) {
                for (Path run : runs.toList()) {
                    Path intervals = run.resolve("intervals.jsonl");
                    if (Files.exists(intervals) && Files.readString(intervals).contains("\"stage\":\"measure\"")) {
                        return;
                    }
                }
            } catch (java.nio.file.NoSuchFileException notYet) {
                // results directory not created yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("measurement never started");
    }
}
