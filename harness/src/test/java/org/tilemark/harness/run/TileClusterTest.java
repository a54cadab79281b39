package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.VmState;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.workloads.VmRequest;
import org.tilemark.infra.platform.fake.FakePlatform;

/** Tiles on the shared {@link FakePlatform}: a VM that stops unasked reaches the run's verdict, and its tile is redeployed. */
class TileClusterTest {

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final FakePlatform platform = new FakePlatform(2, EnumSet.allOf(Capability.class));

    @Test
    void aVmThatStopsUnaskedIsNamedInTheVerdictAndItsTileRedeployed() throws Exception {
        RunEvents events = new RunEvents();
        try (TileCluster cluster = TileCluster.on(platform, "run-1", new PrintStream(console, true, StandardCharsets.UTF_8))) {
            cluster.reportTo(events);
            cluster.resize(tiles(2), Duration.ofSeconds(10));
            assertThat(cluster.vms()).hasSize(2).allSatisfy(vm -> assertThat(platform.state(vm.vm())).isEqualTo(VmState.RUNNING));
            assertThat(cluster.vms()).extracting(vm -> vm.vm().host()).containsExactlyInAnyOrder("host-0", "host-1");
            // The console's progress bar: a line each time a VM is up, the last one full.
            assertThat(console.toString(StandardCharsets.UTF_8)).containsPattern("\\[provision\\] \\[#{10}-{10}\\] 1/2 VMs ready, \\d+ s")
                    .containsPattern("\\[provision\\] \\[#{20}\\] 2/2 VMs ready, \\d+ s");

            platform.crash("tile2-standby", "guest process exited unexpectedly (exit 137)");

            Verdict verdict = Verdict.of(ConfigLoader.load(Optional.empty(), Map.of("run.tiles", "2")),
                    List.<PhaseScore>of(), events.all(), false, null);
            assertThat(verdict.exitCode()).isNotEqualTo(RunOutcome.COMPLIANT);
            assertThat(String.join("\n", verdict.reasons())).contains("tile2-standby", "exit 137");

            cluster.resize(tiles(2), Duration.ofSeconds(10));
            assertThat(cluster.vms()).hasSize(2).allSatisfy(vm -> assertThat(platform.state(vm.vm())).isEqualTo(VmState.RUNNING));
            assertThat(console.toString(StandardCharsets.UTF_8)).contains("destroying tile(s) [2]");
        }
        assertThat(platform.leftovers(null)).as("closing the cluster destroys its VMs").isEmpty();
    }

    @Test
    void aVmTheTeardownCouldNotDestroyIsNamedOnTheConsoleWithWhatRemovesIt() throws Exception {
        RunEvents events = new RunEvents();
        platform.failingToDestroy("tile1-standby", "host host-0 stopped answering");
        try (TileCluster cluster = TileCluster.on(platform, "run-1", new PrintStream(console, true, StandardCharsets.UTF_8))) {
            cluster.reportTo(events);
            cluster.resize(tiles(2), Duration.ofSeconds(10));
        }
        assertThat(console.toString(StandardCharsets.UTF_8)).contains(
                "[teardown] 1 VM(s) not destroyed: [tile1-standby] (the run's events say why); `tilemark cleanup` removes them");
        assertThat(events.all()).anySatisfy(event -> assertThat(event.what())
                .isEqualTo("teardown of tile1-standby failed: VM tile1-standby: host host-0 stopped answering"));
        assertThat(platform.leftovers(null)).containsExactly("tile1-standby");
    }

    private static Map<Integer, List<VmRequest>> tiles(int count) {
        Map<Integer, List<VmRequest>> requests = new java.util.TreeMap<>();
        for (int tile = 1; tile <= count; tile++) {
            requests.put(tile, List.of(new VmRequest("tile" + tile + "-standby", "standby", Map.of(), Map.of(), Map.of())));
        }
        return requests;
    }
}
