package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tilemark.config.RunSpec;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.tests.lanes.ChildRunLane;

/**
 * A guest that hangs in a phase's last seconds fails that phase, whichever workload it serves: its users'
 * requests are still in flight at the cut and their next starts are overdue, and the cut counts what they
 * already tell (the schedule lag so far; a request past its timeout as a failure; an Olio user's cycle stuck
 * open; a DVD Store page waiting past its QoS limit as that late so far). Every start a stuck user missed counts,
 * not only its next one. Before, nothing of it was in any interval of the phase. Each run enables only the hung
 * guest's workload (the standby, unscored, with mail beside it), and the verdict must name it; the guest is stopped
 * as the local platform stuns a VM: every process of it (the guest, the servers it started — PostgreSQL, Postfix, Dovecot — and their children).
 * The runs are harness processes of their own at the lowest CPU priority ({@link ChildRunLane}); they assert
 * the verdict's reason, not how late anything was.
 */
@ChildRunLane
class GuestHungAtPhaseEndEndToEndTest {

    private static final Duration BEFORE_THE_END = Duration.ofSeconds(5);
    private static final List<String> WORKLOADS = List.of("dvdstore", "mail", "olio", "standby");

    /** The standby is not scored, and a tile needs a scored workload: mail runs beside it, its guest not stopped. */
    @ParameterizedTest(name = "{0}: {1} stopped 5 s before the phase ends")
    @CsvSource({"olio, tile1-olio-web, ''", "dvdstore, tile1-dvdstore-db, ''", "mail, tile1-mail, ''",
            "standby, tile1-standby, mail"})
    void aGuestStoppedFiveSecondsBeforeThePhaseEndsFailsThatPhaseNamingItsWorkloadAndTile(String workload, String vm,
            String beside) throws Exception {
        hangAtPhaseEnd(workload, vm, beside);
    }

    private void hangAtPhaseEnd(String workload, String vm, String beside) throws Exception {
        String name = "e2e-hung-at-phase-end-" + workload;
        Map<String, String> settings = E2e.settings(name);
        Path datastores = E2e.ownDatastores(settings, name + "-datastores");
        settings.put("run.phases", "1");
        // 40 s: the stop is timed from the phase's start as the run wrote it, and the first interval's line may reach
        // disk late at nice 19 (a CI-like suite once stopped the guest after the phase had ended): 25 s of slack.
        settings.put("run.phaseDuration", "40s");
        // The hung guest's workload alone (and a scored one beside the standby): the verdict must name it.
        for (String other : WORKLOADS) {
            settings.put("workloads." + other + ".enabled", Boolean.toString(other.equals(workload) || other.equals(beside)));
        }
        RunSpec run = E2e.spec(settings).run();
        try (ChildRun child = ChildRun.start(settings)) {
            Path datastore = Path.of(settings.get("cluster.local.datastores.app"));
            E2e.guestPid(datastore, vm); // ready
            Instant phaseStart = E2e.waitForMeasurement(Path.of(settings.get("run.results")));
            Instant stopAt = phaseStart.plus(run.phaseDuration()).minus(BEFORE_THE_END);
            Duration wait = Duration.between(Instant.now(), stopAt);
            assertThat(wait.isNegative()).as("the phase's first interval reached disk only %s before the phase's end",
                    Duration.between(Instant.now(), stopAt.plus(BEFORE_THE_END))).isFalse();
            Thread.sleep(wait.toMillis());
            List<Long> guest = E2e.vmProcesses(datastore, vm);
            E2e.signal("STOP", guest);
            try {
                // Past the phase's end, and long enough that the requests' 10 s timeout ends after it.
                Thread.sleep(BEFORE_THE_END.plusSeconds(5).toMillis());
            } finally {
                E2e.signal("CONT", guest);
            }
            assertThat(child.finish(Duration.ofMinutes(5))).as(child.printed()).isEqualTo(RunOutcome.NON_COMPLIANT);
            JsonNode score = E2e.json(child.bundle().resolve("score.json"));
            String reasons = score.get("reasons").toString();
            System.out.println(workload + " (" + vm + " stopped): " + reasons);
            assertThat(reasons).as(reasons).contains("phase 1: tile 1 " + workload + ":");
            assertThat(reasons).as(reasons).containsAnyOf("schedule lag", "failures", "cycle time");
            assertThat(reasons).as("a hung guest is no stopped VM").doesNotContain("VM " + vm);
            assertThat(E2e.processesUnder(datastores)).isEmpty();
        }
    }
}
