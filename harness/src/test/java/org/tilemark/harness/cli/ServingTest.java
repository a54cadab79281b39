package org.tilemark.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.serve.LiveServer;

/** A port the web app cannot bind is bad input: one line naming serve.port, and no server. */
class ServingTest {

    @TempDir
    Path tmp;

    @Test
    void aPortInUseIsOneLineNamingTheKey() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (LiveServer first = Serving.start(spec("0"), print(out), print(err)).orElseThrow()) {
            Optional<LiveServer> second = Serving.start(spec(Integer.toString(first.port())), print(out), print(err));

            assertThat(second).isEmpty();
        }
        assertThat(err.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("error: serve.port: cannot listen on 127.0.0.1:");
        assertThat(out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("[serve] open")).count())
                .as("only the server that started printed its URL").isEqualTo(1);
    }

    @Test
    void aTokenFileThatCannotBeReadIsOneLineNamingItAndNoServer() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path notAFile = java.nio.file.Files.createDirectories(tmp.resolve("token-dir"));
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.results", tmp.resolve("results").toString(),
                "run.stateDir", tmp.resolve("state").toString(), "serve.port", "0", "serve.tokenFile", notAFile.toString()));

        assertThat(Serving.start(spec, print(out), print(err))).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("error: serve token: cannot read secret file " + notAFile);
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("[serve] open");
    }

    private BenchmarkSpec spec(String port) throws Exception {
        return ConfigLoader.load(Optional.empty(), Map.of("run.results", tmp.resolve("results").toString(),
                "run.stateDir", tmp.resolve("state").toString(), "serve.port", port));
    }

    private static PrintStream print(ByteArrayOutputStream to) {
        return new PrintStream(to, true, StandardCharsets.UTF_8);
    }
}
