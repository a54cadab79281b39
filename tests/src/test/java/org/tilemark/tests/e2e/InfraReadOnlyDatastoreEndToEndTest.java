package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.tests.lanes.ChildRunLane;

/**
 * When the maintenance datastore turns read-only mid-run, Storage vMotion, XvMotion and Deploy fail
 * cleanly, the run says so, and nothing half-copied stays behind. The run is a harness process of its own
 * at the lowest CPU priority on datastores of its own, beside the local runs ({@link ChildRunLane}): it is
 * non-compliant by design, so no QoS rests on it.
 */
@ChildRunLane
class InfraReadOnlyDatastoreEndToEndTest {

    @Test
    void anUnwritableMaintenanceDatastoreFailsTheOperationsThatWriteToItAndLeavesNothingBehind() throws Exception {
        // The operations that write there fail within a second of the phase's start here, but a CI run at nice 19 beside
        // the other lanes saw none end in a 20 s phase: one 60 s phase holds them.
        Map<String, String> settings = InfraOperationsEndToEndTest.infraSettings("e2e-infra-readonly", "1", "60s");
        Path datastores = E2e.ownDatastores(settings, "e2e-infra-readonly-datastores");
        // No QoS to pass here: the warm-up only has to outlast the chattr below.
        settings.put("run.warmup", "10s");
        Path maintenance = Path.of(settings.get("cluster.local.datastores.maintenance"));
        int exit;
        try (ChildRun run = ChildRun.start(settings)) {
            // Made read-only once the tile is up and before measurement: every operation that writes there fails.
            E2e.guestPid(Path.of(settings.get("cluster.local.datastores.app")), "tile1-standby");
            assertThat(chattr("+i", maintenance)).as("chattr +i (needs root and ext4)").isTrue();
            try {
                exit = run.finish(Duration.ofMinutes(6));
            } finally {
                chattr("-i", maintenance);
            }
            assertThat(exit).as(run.printed()).isEqualTo(RunOutcome.NON_COMPLIANT);
            String reasons = E2e.json(run.bundle().resolve("score.json")).get("reasons").toString();
            assertThat(reasons).contains("storage-vmotion of tile1-").contains("deploy of deploy-b1-").contains("failed")
                    .doesNotContain("stopped: guest process exited");
            for (JsonNode op : E2e.jsonLines(run.bundle().resolve("infra-ops.jsonl"))) {
                if (!op.get("operation").asText().equals("vmotion")) {
                    assertThat(op.get("outcome").asText()).as(op.toString()).isEqualTo("failed");
                }
            }
        }
        try (var left = Files.list(maintenance)) {
            assertThat(left.toList()).as("nothing half-copied on the maintenance datastore").isEmpty();
        }
        assertThat(E2e.processesUnder(datastores)).isEmpty();
    }

    private static boolean chattr(String flag, Path dir) throws Exception {
        return new ProcessBuilder("chattr", flag, dir.toString()).inheritIO().start().waitFor() == 0;
    }
}
