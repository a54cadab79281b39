package org.tilemark.harness.compare;

import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.CompareFile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.run.RunOutcome;

/** The layer above the statistics, with a fake "run one configuration" that writes a minimal bundle. */
class CompareSessionTest {
    @TempDir
    Path results;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final List<String> ran = new ArrayList<>();

    @Test
    void runsAAndBInterleavedIntoTheCompareBundleAndReportsTheSlowerSide() throws Exception {
        SideConfig a = spec("run.profile", "quick");
        SideConfig b = spec("run.profile", "standard");

        int exit = session(fakeRunner()).compareConfigs(a, b, 3, results);

        assertThat(exit).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(ran).containsExactly("quick", "standard", "quick", "standard", "quick", "standard");
        Path compare = onlyCompareDirectory();
        assertThat(compare.resolve("A")).isDirectory();
        try (var bundles = Files.list(compare.resolve("B"))) {
            assertThat(bundles.count()).isEqualTo(3);
        }
        assertThat(BundleReader.of(compare).compare()).isPresent();
        assertThat(compare.resolve("MANIFEST.sha256")).isRegularFile();
        assertThat(text(out)).contains("B vs A: score -20.0 % (95 % CI ").contains("significant: B is slower");
    }

    @Test
    void aRunThatFailsOutrightEndsTheComparisonWithItsExitCode() throws Exception {
        RunOneConfig failing = spec -> RunOutcome.failed(null);

        int exit = session(failing).compareConfigs(spec("run.seed", "1"), spec("run.seed", "2"), 2, results);

        assertThat(exit).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(text(err)).startsWith("error: A repetition 1 did not complete (failed)");
    }

    @Test
    void differentTileCountsAreBadInputAndLeaveNothingBehind() throws Exception {
        int exit = session(fakeRunner()).compareConfigs(spec("run.tiles", "1"), spec("run.tiles", "2"), 2, results);

        assertThat(exit).isEqualTo(RunOutcome.BAD_INPUT);
        assertThat(text(err)).isEqualTo("error: A runs 1 tile(s), B 2; compare configurations at the same tile count\n");
        assertThat(ran).isEmpty();
        assertNothingLeftBehind();
    }

    @Test
    void bundlesOfDifferentTileCountsAreBadInput() throws Exception {
        Path a = bundle(results.resolve("in/a"), 1, 1.0);
        Path b = bundle(results.resolve("in/b"), 2, 2.0);

        int exit = session(fakeRunner()).compareBundles(a, b, results.resolve("out"));

        assertThat(exit).isEqualTo(RunOutcome.BAD_INPUT);
        assertThat(text(err)).startsWith("error: A and B ran different tile counts (A: 1 in ").hasLineCount(1);
        assertThat(results.resolve("out")).doesNotExist();
    }

    @Test
    void bundlesAtDifferentTileScalesAreComparedButSaidNotToBeLikeForLike() throws Exception {
        Path a = bundle(results.resolve("in/a"), 1, 1.0);
        Files.writeString(a.resolve("run.json"), "{\"tileScale\": 0.07}");
        // run.json from before tileScale existed: the standard tile
        Path b = bundle(results.resolve("in/b"), 1, 1.0);

        int exit = session(fakeRunner()).compareBundles(a, b, results.resolve("out"));

        assertThat(exit).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(text(out)).contains("; not like for like: A ran at tile scale 0.07, B at tile scale 1\n");
        try (var compares = Files.list(results.resolve("out"))) {
            CompareFile written = BundleReader.of(compares.toList().getFirst()).compare().orElseThrow();
            assertThat(written.verdict().sameTileScale()).isFalse();
            assertThat(written.a().get(0).tileScale()).isEqualTo(0.07);
            assertThat(written.b().get(0).tileScale()).isEqualTo(1.0);
        }
    }

    @Test
    void theSameBundleTwiceIsBadInput() throws Exception {
        Path a = bundle(results.resolve("in/a"), 1, 1.0);

        int exit = session(fakeRunner()).compareBundles(a, a, results.resolve("out"));

        assertThat(exit).isEqualTo(RunOutcome.BAD_INPUT);
        assertThat(text(err)).isEqualTo("error: A and B are the same bundle: " + a + "\n");
        assertThat(results.resolve("out")).doesNotExist();
    }

    @Test
    void aDirectoryWithoutBundlesIsBadInput() throws Exception {
        Path empty = Files.createDirectories(results.resolve("empty"));

        int exit = session(fakeRunner()).compareBundles(empty, bundle(results.resolve("b"), 1, 1.0), results.resolve("out"));

        assertThat(exit).isEqualTo(RunOutcome.BAD_INPUT);
        assertThat(text(err)).contains("A: ").contains("holds no score.json");
    }

    private CompareSession session(RunOneConfig runner) {
        return new CompareSession(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), runner);
    }

    /** Writes a bundle whose phase scores are 1.0 ± noise for the quick profile and 0.8 ± noise for the standard one. */
    private RunOneConfig fakeRunner() {
        return spec -> {
            String datastore = spec.run().profile();
            ran.add(datastore);
            try {
                Path bundle = bundle(spec.run().results().resolve("run" + ran.size()), spec.run().tiles(),
                        datastore.equals("standard") ? 0.8 : 1.0);
                return new RunOutcome(org.tilemark.scoring.RunVerdict.COMPLIANT, "", bundle, RunOutcome.COMPLIANT);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
    }

    static Path bundle(Path directory, int tiles, double level) throws IOException {
        Files.createDirectories(directory);
        // the files compare checks a bundle has (BundleIntegrity), with nothing in them to check
        Files.writeString(directory.resolve("run.json"), "{}");
        Files.writeString(directory.resolve("intervals.jsonl"), "");
        Files.writeString(directory.resolve("score.json"), """
                {"runId": "%s", "tiles": %d, "scoreLine": "Score: %.2f", "phases": [
                 {"phase": 1, "score": %s}, {"phase": 2, "score": %s}, {"phase": 3, "score": %s}]}
                """.formatted(directory.getFileName(), tiles, level, level * 0.99, level, level * 1.01));
        return directory;
    }

    private static SideConfig spec(String key, String value) {
        return results -> {
            try {
                return ConfigLoader.load(Optional.empty(), Map.of(key, value, "run.results", results.toString()));
            } catch (ConfigException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private Path onlyCompareDirectory() throws IOException {
        try (var entries = Files.list(results)) {
            List<Path> all = entries.toList();
            assertThat(all).hasSize(1);
            return all.getFirst();
        }
    }

    private void assertNothingLeftBehind() throws IOException {
        try (var entries = Files.list(results)) {
            assertThat(entries.toList()).isEmpty();
        }
    }

    private static String text(ByteArrayOutputStream stream) {
        return stream.toString(StandardCharsets.UTF_8);
    }
}
