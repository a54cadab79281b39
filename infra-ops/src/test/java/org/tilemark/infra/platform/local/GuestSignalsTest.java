package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stun, resume and CPU moves of a guest's processes; a stun that stops nothing is a failed migration, not a stun time (issue 16). */
class GuestSignalsTest {

    @Test
    void aStunThatFindsNoProcessFailsNamingTheVm() {
        assertThatThrownBy(() -> GuestSignals.stop("tile1-gone", List.of(), List.of()))
                .isInstanceOf(IOException.class)
                .hasMessage("stun of tile1-gone failed: no process of the guest to stop (the guest is gone)");
    }

    @Test
    void aStunWhoseKillFindsAGuestProcessGoneFailsAndLeavesTheOthersRunning() throws Exception {
        Process gone = new ProcessBuilder("/bin/true").start();
        gone.waitFor();
        Process alive = new ProcessBuilder("/bin/sleep", "60").start();
        try {
            List<Long> pids = List.of(alive.pid(), gone.pid());
            assertThatThrownBy(() -> GuestSignals.stop("tile1-half", pids, pids))
                    .isInstanceOf(IOException.class)
                    .hasMessage("stun of tile1-half failed: kill -STOP found no guest process " + gone.pid()
                            + " (the guest is gone)");
            assertThat(settlesTo(alive.pid(), false)).as("the live process was continued").isTrue();
        } finally {
            alive.destroyForcibly().waitFor();
        }
    }

    @Test
    void aStunOfLiveProcessesStopsThemAndResumeContinuesThem() throws Exception {
        Process guest = new ProcessBuilder("/bin/sleep", "60").start();
        try {
            GuestSignals.stop("tile1-live", List.of(guest.pid()), List.of(guest.pid()));
            assertThat(settlesTo(guest.pid(), true)).as("stopped").isTrue();
            GuestSignals.resume(List.of(guest.pid()));
            assertThat(settlesTo(guest.pid(), false)).as("continued").isTrue();
        } finally {
            guest.destroyForcibly().waitFor();
        }
    }

    /** A vMotion moves every process of the guest to the target host's CPUs, even when one of them is gone. */
    @Test
    void pinMovesEveryLiveProcessOntoTheCpusAndSkipsOneThatIsGone() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "taskset is installed");
        Process gone = new ProcessBuilder("/bin/true").start();
        gone.waitFor();
        Process first = new ProcessBuilder("/bin/sleep", "60").start();
        Process second = new ProcessBuilder("/bin/sleep", "60").start();
        try {
            GuestSignals.pin(List.of(first.pid(), gone.pid(), second.pid()), "0");
            assertThat(allowedCpus(first.pid())).isEqualTo("0");
            assertThat(allowedCpus(second.pid())).isEqualTo("0");
        } finally {
            first.destroyForcibly().waitFor();
            second.destroyForcibly().waitFor();
        }
    }

    private static String allowedCpus(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(line -> line.startsWith("Cpus_allowed_list:"))
                .map(line -> line.substring(line.indexOf(':') + 1).trim()).findFirst().orElseThrow();
    }

    /** Whether the process reaches (stopped) or leaves (not stopped) state T: a signal is delivered asynchronously. */
    private static boolean settlesTo(long pid, boolean stopped) throws IOException, InterruptedException {
        for (int i = 0; i < 1000; i++) {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            if ((stat.charAt(stat.lastIndexOf(')') + 2) == 'T') == stopped) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }
}
