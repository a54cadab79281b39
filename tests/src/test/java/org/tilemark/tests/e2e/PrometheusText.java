package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A scrape read by Prometheus' own text parser (Go's expfmt: harness/src/test/go/promparse). */
final class PrometheusText {

    private static final Path PROGRAM = Path.of("../harness/src/test/go/promparse").toAbsolutePath().normalize();

    private PrometheusText() {
    }

    /** Every sample as name{labels} value; fails the test when the parser refuses the scrape. */
    static List<String> parse(String scrape) throws Exception {
        Process parser = new ProcessBuilder(go(), "run", ".").directory(PROGRAM.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (var in = parser.getOutputStream()) {
            in.write(scrape.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(parser.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(parser.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(parser.exitValue()).as("Prometheus' parser accepts the scrape:%n%s", scrape).isZero();
        return out.lines().toList();
    }

    private static String go() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(Stream.of(path.split(File.pathSeparator)), Stream.of("/usr/local/go/bin", "/usr/lib/go/bin"))
                .map(dir -> Path.of(dir, "go")).filter(Files::isExecutable).findFirst().map(Path::toString).orElse("go");
    }
}
