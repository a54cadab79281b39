package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.fake.FakePlatform;

/**
 * A run's errors go to stderr, one line each, and never to stdout, whatever stage they come from: a
 * failure while provisioning (exit 3) and a results directory that cannot be made (exit 3). Stdout keeps
 * the progress and the score line.
 */
class RunErrorsOnStderrTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void aVmThatFailsToStartIsOneErrorLineOnStderrAndExitThree() throws Exception {
        BenchmarkSpec spec = standbyOnly(tmp.resolve("results"));
        FakePlatform platform = new FakePlatform(1, EnumSet.allOf(Capability.class))
                .failingToStart("tile1-standby", "role 'standby' exploded");

        RunOutcome outcome;
        try (TileCluster cluster = TileCluster.on(platform, "cluster-1", stream(out))) {
            outcome = orchestrator().run(spec, cluster, PhasePolicy.MEASURE_ALL);
        }

        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(text(err)).hasLineCount(1).startsWith("error: run failed: ").contains("tile1-standby", "exploded");
        assertThat(text(out)).doesNotContain("exploded").doesNotContain("error").contains("Score: none @ 1 tile (failed)");
    }

    @Test
    void aResultsDirectoryThatCannotBeMadeIsOneErrorLineOnStderrAndExitThree() throws Exception {
        Files.writeString(tmp.resolve("afile"), "x");

        RunOutcome outcome = orchestrator().run(standbyOnly(tmp.resolve("afile/results")));

        assertThat(outcome.exitCode()).as(text(err)).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(text(err)).hasLineCount(1).startsWith("error: cannot create the results bundle: ");
        assertThat(text(out)).isEmpty();
    }

    private BenchmarkSpec standbyOnly(Path results) throws Exception {
        return ConfigLoader.load(Optional.empty(), Map.of("run.results", results.toString(),
                "run.stateDir", tmp.resolve("state").toString(), "cluster.local.workDir", tmp.resolve("work").toString(),
                "cluster.local.datastores.app", tmp.resolve("work/app").toString(),
                "cluster.local.datastores.maintenance", tmp.resolve("work/maintenance").toString(), "infra.enabled", "false", "workloads.dvdstore.enabled", "false", "workloads.mail.enabled", "false",
                "workloads.olio.enabled", "false"));
    }

    private RunOrchestrator orchestrator() {
        return new RunOrchestrator(stream(out), stream(err), Map.of());
    }

    private static PrintStream stream(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
