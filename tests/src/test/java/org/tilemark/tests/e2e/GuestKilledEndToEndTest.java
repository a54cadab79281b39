package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;

/**
 * A guest that dies or hangs mid-run: the run still finishes, non-compliant, with a verdict naming
 * the tile, the VM or workload, and the failing rule, and keeps every interval.
 */
class GuestKilledEndToEndTest {

    /**
     * Three guests of one tile die at once (a web server, the mail server, the Olio database): each
     * failure is attributed to its own VM and workload. One run instead of three keeps the suite short.
     */
    @Test
    void killedGuestsMakeTheRunNonCompliantWithEachCauseNamed() throws Exception {
        List<String> victims = List.of("tile1-dvdstore-web2", "tile1-mail", "tile1-olio-db");
        JsonNode score = runWhile("e2e-kill-guests", victims, true,
                pid -> ProcessHandle.of(pid).orElseThrow().destroyForcibly());
        String reasons = score.get("reasons").toString();
        assertThat(reasons).contains("tile1-dvdstore-web2").contains("tile 1 dvdstore");
        assertThat(reasons).contains("tile1-mail").contains("tile 1 mail");
        assertThat(reasons).contains("tile1-olio-db").contains("tile 1 olio").contains("failures");
    }

    @Test
    void standbyStoppedForFiveSecondsFailsStandbyQos() throws Exception {
        JsonNode score = runWhile("e2e-stop-standby", List.of("tile1-standby"), false, pid -> {
            signal("STOP", pid);
            try {
                Thread.sleep(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                signal("CONT", pid);
            }
        });
        String reasons = score.get("reasons").toString();
        assertThat(reasons).contains("tile 1 standby").contains("%");
        assertThat(reasons).doesNotContain("tile 1 dvdstore").doesNotContain("tile 1 mail");
    }

    /**
     * Runs the short e2e configuration and does {@code harm} to each VM's guest once measurement started.
     * Olio runs only when a test needs it: two cores carry the rest of the tile more steadily without a
     * JMeter engine beside it.
     */
    private static JsonNode runWhile(String results, List<String> vms, boolean withOlio, java.util.function.LongConsumer harm)
            throws Exception {
        Map<String, String> settings = E2e.settings(results);
        settings.put("run.phases", "1"); // the harm comes once measuring: one phase shows its cause and the intervals kept
        settings.put("workloads.dvdstore.webServers", "2"); // enough to lose one (web2) and keep serving
        if (!withOlio) {
            settings.put("workloads.olio.enabled", "false");
        }
        var spec = E2e.spec(settings);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunOrchestrator orchestrator = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of());
        CompletableFuture<RunOutcome> run = CompletableFuture.supplyAsync(() -> orchestrator.run(spec));

        List<Long> pids = new java.util.ArrayList<>();
        for (String vm : vms) {
            pids.add(E2e.guestPid(Path.of(settings.get("cluster.local.datastores.app")), vm));
        }
        E2e.waitForMeasurement(Path.of(settings.get("run.results")));
        pids.forEach(harm::accept);

        RunOutcome outcome = run.get(5, TimeUnit.MINUTES);
        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.NON_COMPLIANT);
        JsonNode score = E2e.json(outcome.bundle().resolve("score.json"));
        assertThat(score.get("verdict").asText()).isEqualTo("non-compliant");
        List<JsonNode> intervals = E2e.intervals(outcome.bundle());
        assertThat(intervals.stream().filter(i -> i.get("stage").asText().equals("measure")).count())
                .as("every measured interval is kept").isEqualTo(2L * intervalsPerInterval(intervals));
        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).isEmpty();
        return score;
    }

    /** Lines per interval: one per tile and workload. */
    private static long intervalsPerInterval(List<JsonNode> intervals) {
        return intervals.stream().filter(i -> i.get("interval").asInt() == 1).count();
    }

    private static void signal(String signal, long pid) {
        try {
            new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
        } catch (Exception e) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " failed", e);
        }
    }
}
