package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.compare.CompareSession;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.run.RunOutcome;

/**
 * {@code tilemark compare} of existing bundles, without running the benchmark: golden fixtures from a
 * real compare of two loop-mounted datastores, one throttled to 40 write IOPS (docs/compare.md):
 * {@code compare/fast} and {@code compare/slow} hold two runs each (score.json, run.json,
 * intervals.jsonl, infra-ops.jsonl; no histograms or manifest: compare checks each only where a bundle
 * has it, and reads no numbers from histograms).
 */
class CompareBundlesEndToEndTest {
    @TempDir
    Path work;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void theThrottledDatastoreIsReportedSlowerBeyondNoise() throws Exception {
        int exit = session().compareBundles(fixture("fast"), fixture("slow"), work);
        String printed = out.toString(StandardCharsets.UTF_8);

        assertThat(exit).as(printed + err).isEqualTo(RunOutcome.COMPLIANT);
        String verdict = lastLineStartingWith(printed, "B vs A: ");
        assertThat(verdict).containsPattern("(significant: B is slower|but B is slower in \\d+ metric)");
        JsonNode compare = E2e.json(onlyCompareBundle().resolve("compare.json"));
        assertThat(compare.at("/verdict/outcome").asText()).isIn("b-slower", "metrics-differ");
        assertThat(compare.at("/a").size()).isEqualTo(2);
        assertThat(Manifest.verify(onlyCompareBundle())).isEmpty();
        assertThat(onlyCompareBundle().resolve("report.html")).isNotEmptyFile();
        assertThat(onlyCompareBundle().resolve("charts/latencies.png")).isNotEmptyFile();
    }

    @Test
    void aCopyOfTheSameRunsIsNoSignificantDifference() throws Exception {
        Path copy = copyTree(fixture("fast"), work.resolve("fast-copy"));

        int exit = session().compareBundles(fixture("fast"), copy, work.resolve("out"));
        String printed = out.toString(StandardCharsets.UTF_8);

        assertThat(exit).as(printed + err).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(lastLineStartingWith(printed, "B vs A: "))
                .startsWith("B vs A: no significant difference (score +0.0 %, 95 % CI ");
    }

    @Test
    void runsOfDifferentTileCountsAreBadInputAndNothingIsWritten() throws Exception {
        Path twoTiles = copyTree(fixture("fast"), work.resolve("two-tiles"));
        try (Stream<Path> scores = Files.walk(twoTiles)) {
            for (Path score : scores.filter(p -> p.getFileName().toString().equals("score.json")).toList()) {
                Files.writeString(score, Files.readString(score).replaceFirst("\"tiles\"\\s*:\\s*1", "\"tiles\": 2"));
            }
        }

        int exit = session().compareBundles(fixture("fast"), twoTiles, work.resolve("out"));

        assertThat(exit).isEqualTo(RunOutcome.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: A and B ran different tile counts").hasLineCount(1);
        assertThat(work.resolve("out")).doesNotExist();
    }

    private CompareSession session() {
        return new CompareSession(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), spec -> {
                    throw new AssertionError("comparing bundles runs nothing");
                });
    }

    private static Path fixture(String side) throws URISyntaxException {
        return Path.of(CompareBundlesEndToEndTest.class.getResource("/compare/" + side).toURI());
    }

    private Path onlyCompareBundle() throws IOException {
        try (Stream<Path> entries = Files.list(work)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("compare-")).findFirst().orElseThrow();
        }
    }

    private static String lastLineStartingWith(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).reduce((first, second) -> second).orElse("");
    }

    private static Path copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : paths.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }
}
