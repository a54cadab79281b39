package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.config.RunSpec;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.tests.lanes.ChildRunLane;

/**
 * A guest that hangs in a phase's last seconds fails that phase: its users' requests are still in flight at
 * the cut and their next starts are overdue, and the cut counts what they already tell (the schedule lag so
 * far; a request past its timeout as a failure). Before, nothing of it was in any interval of the phase.
 * The run is a harness process of its own at the lowest CPU priority ({@link ChildRunLane}); it asserts the
 * verdict's reason, not how late anything was.
 */
@ChildRunLane
class GuestHungAtPhaseEndEndToEndTest {

    private static final Duration BEFORE_THE_END = Duration.ofSeconds(5);

    @Test
    void anOlioWebGuestStoppedFiveSecondsBeforeThePhaseEndsFailsThatPhase() throws Exception {
        Map<String, String> settings = E2e.settings("e2e-hung-at-phase-end");
        Path datastores = E2e.ownDatastores(settings, "e2e-hung-at-phase-end-datastores");
        settings.put("run.phases", "1");
        settings.put("run.phaseDuration", "30s");
        // Olio alone: the hung guest's tile and workload are the only ones the verdict can name.
        settings.put("workloads.dvdstore.enabled", "false");
        settings.put("workloads.mail.enabled", "false");
        settings.put("workloads.standby.enabled", "false");
        RunSpec run = E2e.spec(settings).run();
        try (ChildRun child = ChildRun.start(settings)) {
            long web = E2e.guestPid(Path.of(settings.get("cluster.local.datastores.app")), "tile1-olio-web");
            // The first measured interval is written at its cut: the phase has then run one interval.
            E2e.waitForMeasurement(Path.of(settings.get("run.results")));
            Thread.sleep(run.phaseDuration().minus(run.interval()).minus(BEFORE_THE_END).toMillis());
            E2e.signal("STOP", web);
            try {
                // Past the phase's end, and long enough that the requests' 10 s timeout ends after it.
                Thread.sleep(BEFORE_THE_END.plusSeconds(5).toMillis());
            } finally {
                E2e.signal("CONT", web);
            }
            assertThat(child.finish(Duration.ofMinutes(5))).as(child.printed()).isEqualTo(RunOutcome.NON_COMPLIANT);
            JsonNode score = E2e.json(child.bundle().resolve("score.json"));
            String reasons = score.get("reasons").toString();
            assertThat(reasons).as(reasons).contains("phase 1: tile 1 olio");
            assertThat(reasons).as(reasons).containsAnyOf("schedule lag", "failures");
            assertThat(reasons).as("a hung guest is no stopped VM").doesNotContain("VM tile1-olio-web");
            assertThat(E2e.processesUnder(datastores)).isEmpty();
        }
    }
}
