package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.tests.lanes.TestLanes;
import org.tilemark.tests.lanes.VcsimLane;

/**
 * {@code kill -9} of {@code tilemark run} on vSphere while it clones and powers on a tile (vcsim with
 * method delays, so provisioning takes seconds as on vCenter), then {@code tilemark cleanup} with the same
 * settings from a new process: every VM the run marked is gone from vCenter, and neither process printed
 * the password.
 */
@VcsimLane // waits on vcsim, beside the local runs
class VsphereCrashCleanupTest {

    private static final Path DIR = Path.of("target", "vsphere-crash").toAbsolutePath();
    private static final String PASSWORD = "Vcsim-Crash-" + Long.toHexString(System.nanoTime());
    private static VcsimServer vcsim;

    @BeforeAll
    static void startVcsim() throws Exception {
        vcsim = VcsimServer.start(DIR.resolve("vcsim"), PASSWORD, 2,
                List.of("-method-delay", "CloneVM_Task:1500,PowerOnVM_Task:1000"));
    }

    @AfterAll
    static void stopVcsim() throws Exception {
        if (vcsim != null) {
            vcsim.close();
        }
    }

    @Test
    void cleanupRemovesEveryVmOfARunKilledWhileProvisioning() throws Exception {
        Map<String, String> settings = vcsim.clusterSettings(DIR);
        settings.put("run.tiles", "1");
        settings.put("infra.enabled", "false");
        settings.put("workloads.dvdstore.size", "1MB");
        Process harness = tilemark("run", settings);
        StringBuffer printed = new StringBuffer();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                printed.append(new String(harness.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException closed) {
                // the killed process's pipe: what was read so far is kept
            }
        });
        int found;
        try (Platform watcher = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            found = awaitVms(watcher, harness);
            harness.destroyForcibly(); // SIGKILL, as kill -9: the run gets no chance to tear down
            assertThat(harness.waitFor(30, TimeUnit.SECONDS)).isTrue();
            int left = watcher.leftovers(null).size();
            assertThat(left).as("VMs the killed run left in vCenter").isGreaterThanOrEqualTo(found);
            reader.join(java.time.Duration.ofSeconds(10));
            assertThat(printed.toString()).as("the run's output").doesNotContain(PASSWORD);

            Process cleanup = tilemark("cleanup", settings);
            String output = new String(cleanup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(cleanup.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(cleanup.exitValue()).as(output).isZero();
            assertThat(output).contains("cleaned up " + left + " VM(s)").doesNotContain(PASSWORD);
            assertThat(watcher.leftovers(null)).as("marked VMs after cleanup").isEmpty();
            System.out.printf("vSphere (vcsim): %d VM(s) left by the killed run, cleaned up by a new process%n", left);
        } finally {
            harness.destroyForcibly();
        }
    }

    /** Waits until the run has made at least one VM (it clones them one by one), and returns how many it saw. */
    private static int awaitVms(Platform watcher, Process harness) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            assertThat(harness.isAlive()).as("the run ended before it made a VM").isTrue();
            int vms = watcher.leftovers(null).size();
            if (vms > 0) {
                return vms;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the run made no VM within 3 minutes");
    }

    private static Process tilemark(String command, Map<String, String> settings) throws IOException {
        return new ProcessBuilder(TestLanes.lowPriority(TestLanes.harness(List.of(command), settings)))
                .redirectErrorStream(true).start();
    }
}
