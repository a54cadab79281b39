package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessSweeperTest {

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void findsAProcessByItsDirectoryButNotASiblingWithTheSamePrefix() throws Exception {
        Process run1 = tailIn(tmp.resolve("x/run1"));
        Process run10 = tailIn(tmp.resolve("x/run10"));

        List<ProcessHandle> found = ProcessSweeper.find(tmp.resolve("x/run1"));

        assertThat(found).extracting(ProcessHandle::pid).containsExactly(run1.pid());
        assertThat(ProcessSweeper.find(tmp.resolve("x/run10"))).extracting(ProcessHandle::pid).containsExactly(run10.pid());
        assertThat(ProcessSweeper.find(tmp.resolve("x/run"))).isEmpty();
    }

    @Test
    void stopEndsTheProcesses() throws Exception {
        Process run1 = tailIn(tmp.resolve("run1"));
        Process sibling = tailIn(tmp.resolve("run10"));

        int stopped = ProcessSweeper.stop(ProcessSweeper.find(tmp.resolve("run1")), Duration.ofSeconds(5));

        assertThat(stopped).isEqualTo(1);
        assertThat(run1.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sibling.isAlive()).isTrue();
        assertThat(ProcessSweeper.find(tmp.resolve("run1"))).isEmpty();
    }

    @Test
    void stopEndsTheDescendantsThatDoNotNameTheDirectoryEvenOnceTheirParentIsGone() throws Exception {
        Path vm = Files.createDirectories(tmp.resolve("run1"));
        // SIGTERM ends the waiting shell, not the sleep.
        Process parent = shellWithAChildIn(vm);
        ProcessHandle child = awaitChild(parent);

        ProcessSweeper.stop(ProcessSweeper.find(vm), Duration.ofSeconds(2));

        assertThat(parent.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(child.onExit().get(10, TimeUnit.SECONDS).isAlive()).as("the child, reparented once its parent ended").isFalse();
    }

    @Test
    void oneReadingOfTheProcessTableFindsEachVmsProcessesAndTheirDescendants() throws Exception {
        Path vm = Files.createDirectories(tmp.resolve("run1"));
        Process parent = shellWithAChildIn(vm);
        ProcessHandle child = awaitChild(parent);
        Process other = tailIn(tmp.resolve("run10"));

        ProcessTable table = ProcessTable.read();

        assertThat(table.mentioning(vm)).extracting(ProcessHandle::pid).containsExactly(parent.pid());
        assertThat(table.mentioning(tmp.resolve("run10"))).extracting(ProcessHandle::pid).containsExactly(other.pid());
        assertThat(table.tree(parent.pid())).as("the shell and its sleep, which does not name the directory")
                .containsExactlyInAnyOrder(parent.pid(), child.pid());
        assertThat(table.mentioning(tmp.resolve("run2"))).isEmpty();
    }

    /** A shell that names {@code vm}, and its child that does not (as PostgreSQL's checkpointer does not). */
    private Process shellWithAChildIn(Path vm) throws Exception {
        Process parent = new ProcessBuilder("/bin/sh", "-c", "sleep 600 & wait", vm.resolve("guest").toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
        started.add(parent);
        return parent;
    }

    private static ProcessHandle awaitChild(Process parent) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            var children = parent.toHandle().children().toList();
            if (!children.isEmpty()) {
                return children.getFirst();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the shell started no child");
    }

    @Test
    void doesNotMatchALongerPathThatEndsWithTheDirectory() throws Exception {
        Path vm = tmp.resolve("x/run1");
        Process nested = tailIn(Path.of(tmp.resolve("outer").toString(), vm.toString()));

        assertThat(nested.isAlive()).isTrue();
        assertThat(ProcessSweeper.find(vm)).isEmpty();
    }

    /** A long-running child whose command line names a file inside {@code directory}. */
    private Process tailIn(Path directory) throws Exception {
        Files.createDirectories(directory);
        Path file = Files.writeString(directory.resolve("console.log"), "");
        Process process = new ProcessBuilder("tail", "-f", file.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectErrorStream(true)
                .start();
        started.add(process);
        return process;
    }
}
