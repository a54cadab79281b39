package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.tilemark.tests.lanes.TestLanes;

/**
 * {@code tilemark run} of a test's settings as a harness process of its own at the lowest CPU priority,
 * its guests with it, for the classes of the {@link org.tilemark.tests.lanes.ChildRunLane}: what it
 * prints is kept, and its bundle is the one run directory under {@code run.results}.
 */
final class ChildRun implements AutoCloseable {

    private final Process process;
    private final Path results;
    private final StringBuffer printed = new StringBuffer();

    private ChildRun(Process process, Path results) {
        this.process = process;
        this.results = results;
        Thread.ofVirtual().start(this::copyOutput);
    }

    static ChildRun start(Map<String, String> settings) throws IOException {
        Process process = new ProcessBuilder(TestLanes.lowPriority(TestLanes.harness(List.of("run"), settings)))
                .redirectErrorStream(true).start();
        return new ChildRun(process, Path.of(settings.get("run.results")));
    }

    /** Waits until the run prints a line containing {@code marker}; false if it ended first or took over 4 minutes. */
    boolean awaitPrinted(String marker) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        while (System.nanoTime() < deadline) {
            if (printed.indexOf(marker) >= 0) {
                return true;
            }
            if (!process.isAlive()) {
                Thread.sleep(200); // the last lines may still be on their way
                return printed.indexOf(marker) >= 0;
            }
            Thread.sleep(100);
        }
        return false;
    }

    /** Waits for the run to end (at most {@code timeout}) and returns its exit code. */
    int finish(Duration timeout) throws InterruptedException {
        assertThat(process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)).as("the run ended; it printed:%n%s", printed).isTrue();
        return process.exitValue();
    }

    /** SIGKILL, as kill -9 of the harness. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    String printed() {
        return printed.toString();
    }

    Path bundle() throws IOException {
        try (var runs = Files.list(results)) {
            return runs.filter(Files::isDirectory).findFirst().orElseThrow(() -> new AssertionError("no bundle in " + results));
        }
    }

    private void copyOutput() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                printed.append(line).append('\n');
            }
        } catch (IOException ended) {
            // the process is gone
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
