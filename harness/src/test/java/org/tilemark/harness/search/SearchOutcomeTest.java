package org.tilemark.harness.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.scoring.RunVerdict;
import org.junit.jupiter.api.Test;

class SearchOutcomeTest {

    private static SearchStep step(int number, int tiles, boolean repeat, boolean compliant, double score, String... reasons) {
        return new SearchStep(number, tiles, repeat, RunVerdict.of(compliant), OptionalDouble.of(score),
                OptionalDouble.of(score), OptionalDouble.of(1.0), OptionalDouble.of(40.0 * tiles),
                Optional.of(new ScoreFile.HarnessCpu(3.5 * tiles * 2, tiles * 2, 3.5)), score - 0.05, score + 0.05,
                List.of(reasons), new SearchStep.OwnRun(Path.of("steps", "run" + number)));
    }

    /** Feeds the steps to a search at the standard tile, in order, as SearchRun does. */
    private static SearchOutcome run(TileSearch search, List<SearchStep> steps) {
        return run(search, steps, 1.0);
    }

    private static SearchOutcome run(TileSearch search, List<SearchStep> steps, double tileScale) {
        List<SearchStep> done = new ArrayList<>();
        for (SearchStep s : steps) {
            assertThat(search.next()).hasValue(s.tiles());
            assertThat(search.nextIsRepeat()).isEqualTo(s.repeat());
            search.record(new TileSearch.Outcome(s.tiles(), s.compliant(), s.score().getAsDouble()));
            done.add(s);
        }
        assertThat(search.next()).isEmpty();
        return SearchOutcome.of(search, done, null, tileScale);
    }

    @Test
    void namesTheMaximumAndWhyOneMoreTileFailed() {
        SearchOutcome outcome = run(new TileSearch(1, 8, true), List.of(
                step(1, 1, false, true, 0.98),
                step(2, 2, false, true, 1.90),
                step(3, 4, false, false, 2.10, "phase 1: tile 3 olio: p90 AddEvent 5100 ms > 4000 ms",
                        "phase 1: tile 3 olio: failed requests by VM: {tile3-olio-web=2}",
                        "stopped after phase 1 of 2: it failed QoS, so the run could no longer comply"),
                step(4, 3, false, false, 2.05, "phase 2: tile 1 dvdstore: p95 purchase 2300 ms > 2000 ms"),
                step(5, 2, true, true, 1.88)));

        assertThat(outcome.headline()).isEqualTo("max 2 tiles, 1.90 @ 2 tiles (95 % CI 1.85-1.95); tile scale 1");
        assertThat(outcome.explanation()).containsExactly(
                "2 tiles passed: score 1.90, every workload and operation within QoS",
                "2 tiles passed again on repeat: score 1.88",
                "3 tiles failed (non-compliant, score 2.05):",
                "    phase 2: tile 1 dvdstore: p95 purchase 2300 ms > 2000 ms");
        assertThat(outcome.exitCode()).isZero();
        assertThat(SearchTable.rows(outcome.steps()).get(2)).containsExactly("3", "4", "2.10", "2.05-2.15", "2.10", "1.00",
                "160.00", "3.50", "non-compliant", "phase 1: tile 3 olio: p90 AddEvent 5100 ms > 4000 ms");
    }

    @Test
    void aTileThatDoesNotImproveTheScoreIsExplainedAsSuch() {
        SearchOutcome outcome = run(new TileSearch(1, 2, false), List.of(
                step(1, 1, false, true, 1.00),
                step(2, 2, false, true, 0.97)));

        assertThat(outcome.maxTiles()).hasValue(1);
        assertThat(outcome.explanation()).contains("2 tiles did not improve the score: score 0.97 <= 1.00 at 1 tile");
    }

    @Test
    void noPassingStepMeansNoMaximum() {
        SearchOutcome outcome = run(new TileSearch(1, 4, true), List.of(step(1, 1, false, false, 0.7, "phase 1: x")));

        assertThat(outcome.headline()).isEqualTo("no tile count passed QoS; tile scale 1");
        assertThat(outcome.exitCode()).isEqualTo(1);
    }

    @Test
    void aScaledSearchSaysItsTileScaleAndThatItsMaximumIsNotPublishable() {
        SearchOutcome outcome = run(new TileSearch(1, 1, false), List.of(step(1, 1, false, true, 1.00)), 0.07);

        String headline = "max 1 tile, 1.00 @ 1 tile (95 % CI 0.95-1.05); tile scale 0.07, not publishable (only tile scale 1 is)";
        assertThat(outcome.headline()).isEqualTo(headline);
        SearchFile written = SearchFiles.result(outcome, Path.of(""));
        assertThat(written.tileScale()).isEqualTo(0.07);
        assertThat(written.headline()).isEqualTo(headline);
        // A search that found nothing still says what load it tried.
        assertThat(run(new TileSearch(1, 4, true), List.of(step(1, 1, false, false, 0.7, "phase 1: x")), 0.5).headline())
                .isEqualTo("no tile count passed QoS; tile scale 0.5, not publishable (only tile scale 1 is)");
    }
}
