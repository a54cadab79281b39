package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.ConfigLoader;

/** A platform that refuses its own settings stops a run as bad input, before anything is created. */
class PlatformSettingRefusedTest {

    @TempDir
    Path tmp;

    @Test
    void aMissingDatastoreDirectoryIsBadInputNamingItsKey() throws Exception {
        Path missing = tmp.resolve("no-such-mount/app");
        var spec = ConfigLoader.load(Optional.empty(), Map.of("run.results", tmp.resolve("results").toString(),
                "run.stateDir", tmp.resolve("state").toString(), "cluster.local.workDir", tmp.resolve("work").toString(),
                "cluster.local.datastores.app", missing.toString(), "infra.enabled", "false"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        RunOutcome outcome = new RunOrchestrator(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of()).run(spec);

        assertThat(outcome.exitCode()).isEqualTo(RunOutcome.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("error: cluster.local.datastores.app: " + missing + " does not exist\n");
        assertThat(out.toString(StandardCharsets.UTF_8)).as("errors go to stderr only").isEmpty();
        assertThat(tmp.resolve("results")).doesNotExist();
        assertThat(missing).doesNotExist();
    }
}
