package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLockTest {

    @TempDir
    Path stateDir;

    @Test
    void aRunIsLiveWhileItsHarnessHoldsTheLockAndGoneOnceItEndsEvenByKill9() throws Exception {
        Process harness = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Holder.class.getName(), stateDir.toString(), "run-7")
                .redirectErrorStream(true).start();
        try {
            BufferedReader output = new BufferedReader(new InputStreamReader(harness.getInputStream(), StandardCharsets.UTF_8));
            assertThat(output.readLine()).isEqualTo("held");

            assertThat(RunLock.held(stateDir)).containsEntry("run-7", "harness pid " + harness.pid());
            assertThatThrownBy(() -> RunLock.hold(stateDir, "run-7")).hasMessageContaining("already held by another harness");
        } finally {
            harness.destroyForcibly(); // SIGKILL: the harness closes nothing
            harness.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(RunLock.held(stateDir)).isEmpty();
        try (RunLock again = RunLock.hold(stateDir, "run-7")) {
            assertThat(RunLock.held(stateDir)).containsOnlyKeys("run-7");
        }
        assertThat(RunLock.held(stateDir)).isEmpty();
        assertThat(List.of(stateDir.resolve("live").toFile().list())).as("a lock closed leaves no file").isEmpty();
    }

    /** A harness process holding a run's lock until it is killed. */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            RunLock.hold(Path.of(args[0]), args[1]);
            System.out.println("held");
            System.out.flush();
            Thread.sleep(120_000);
        }
    }
}
