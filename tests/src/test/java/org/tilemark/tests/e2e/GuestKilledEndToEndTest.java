package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.Test;
import org.tilemark.config.RunSpec;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.tests.lanes.ChildRunLane;

/**
 * A guest that dies or hangs mid-run: the run still finishes, non-compliant, with a verdict naming
 * the tile, the VM or workload, and the failing rule, and keeps every interval. The run is a harness
 * process of its own at the lowest CPU priority, beside the local runs ({@link ChildRunLane}).
 */
@ChildRunLane
class GuestKilledEndToEndTest {

    /**
     * Three guests of one tile die at once (a web server, the mail server, the Olio database) and the
     * standby server hangs for five seconds (SIGSTOP, then SIGCONT): each failure is attributed to its
     * own VM and workload. One run instead of four keeps the suite short.
     */
    @Test
    void killedAndHungGuestsMakeTheRunNonCompliantWithEachCauseNamed() throws Exception {
        Map<String, LongConsumer> harms = new LinkedHashMap<>();
        for (String killed : List.of("tile1-dvdstore-web2", "tile1-mail", "tile1-olio-db")) {
            harms.put(killed, pid -> ProcessHandle.of(pid).orElseThrow().destroyForcibly());
        }
        harms.put("tile1-standby", pid -> {
            E2e.signal("STOP", pid);
            try {
                Thread.sleep(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                E2e.signal("CONT", pid);
            }
        });
        JsonNode score = runWhile("e2e-kill-guests", harms);
        String reasons = score.get("reasons").toString();
        assertThat(reasons).contains("tile1-dvdstore-web2").contains("tile 1 dvdstore");
        assertThat(reasons).contains("tile1-mail").contains("tile 1 mail");
        assertThat(reasons).contains("tile1-olio-db").contains("tile 1 olio").contains("failures");
        assertThat(reasons).contains("tile 1 standby").contains("%");
        assertThat(reasons).as("a hung guest is no stopped VM").doesNotContain("VM tile1-standby");
    }

    /**
     * Runs the short e2e configuration and does each VM's harm to its guest once measurement started,
     * in order.
     */
    private static JsonNode runWhile(String results, Map<String, LongConsumer> harms) throws Exception {
        Map<String, String> settings = E2e.settings(results);
        Path datastores = E2e.ownDatastores(settings, results + "-datastores");
        settings.put("run.phases", "1"); // the harm comes once measuring: one phase shows its cause and the intervals kept
        // The harm comes after the first interval. Olio's web tier answers 503 only after waiting 5 s for a
        // database connection, so each user fails about once per 5 s once its database is gone: with two
        // intervals left (not one) those failures land inside the phase even when a busy machine delays them.
        // With 20 s phases Olio's failures fell past the phase end on CI, and its phase showed none.
        settings.put("run.phaseDuration", "30s");
        // No warm-up: the run must be non-compliant anyway, and the harm waits for the first measured interval.
        settings.put("run.warmup", "0s");
        settings.put("workloads.dvdstore.webServers", "2"); // enough to lose one (web2) and keep serving
        try (ChildRun run = ChildRun.start(settings)) {
            Map<String, Long> pids = new LinkedHashMap<>();
            for (String vm : harms.keySet()) {
                pids.put(vm, E2e.guestPid(Path.of(settings.get("cluster.local.datastores.app")), vm));
            }
            E2e.waitForMeasurement(Path.of(settings.get("run.results")));
            pids.forEach((vm, pid) -> harms.get(vm).accept(pid));

            assertThat(run.finish(Duration.ofMinutes(5))).as(run.printed()).isEqualTo(RunOutcome.NON_COMPLIANT);
            JsonNode score = E2e.json(run.bundle().resolve("score.json"));
            assertThat(score.get("verdict").asText()).isEqualTo("non-compliant");
            List<JsonNode> intervals = E2e.intervals(run.bundle());
            assertThat(intervals.stream().filter(i -> i.get("stage").asText().equals("measure")).count())
                    .as("every measured interval is kept").isEqualTo(measuredIntervals(settings) * intervalsPerInterval(intervals));
            assertThat(E2e.processesUnder(datastores)).isEmpty();
            return score;
        }
    }

    /** The intervals of the run's one phase, from its settings. */
    private static long measuredIntervals(Map<String, String> settings) throws Exception {
        RunSpec run = E2e.spec(settings).run();
        return run.phaseDuration().dividedBy(run.interval());
    }

    /** Lines per interval: one per tile and workload. */
    private static long intervalsPerInterval(List<JsonNode> intervals) {
        return intervals.stream().filter(i -> i.get("interval").asInt() == 1).count();
    }
}
