package org.tilemark.harness.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.scoring.RunVerdict;

/**
 * {@code search --confirm}'s decisions that need no run: nothing to confirm runs nothing and says why, and a
 * confirming run's verdict is the search's exit code and its last explanation line (the run itself:
 * EchoSearchConfirmEndToEndTest in the tests module).
 */
class SearchConfirmationTest {

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
    private final AtomicBoolean aborted = new AtomicBoolean();
    private final SearchConfirmation confirmation = new SearchConfirmation((tiles, results) -> {
        throw new AssertionError("no run may start: asked for " + tiles + " tiles");
    }, new SearchSession(out, out, Map.of(), SearchListener.NONE, aborted), new AtomicReference<>());

    private static SearchStep step(int number, int tiles, boolean compliant, double score) {
        return new SearchStep(number, tiles, false, RunVerdict.of(compliant), OptionalDouble.of(score), OptionalDouble.of(score),
                OptionalDouble.of(1.0), OptionalDouble.empty(), java.util.Optional.empty(), score - 0.05, score + 0.05, List.of(),
                new SearchStep.OwnRun(Path.of("steps")));
    }

    private static SearchOutcome outcome(boolean firstPasses, String failure) {
        TileSearch search = new TileSearch(1, 1, false);
        search.next();
        search.record(new TileSearch.Outcome(1, firstPasses, 0.9));
        return SearchOutcome.of(search, List.of(step(1, 1, firstPasses, 0.9)), failure, 1.0);
    }

    @Test
    void aSearchWithNoPassingTileCountRunsNothingAndSaysSo() {
        SearchOutcome none = outcome(false, null);

        assertThat(confirmation.run(none, Path.of("results", "search-1"))).isEmpty();
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("--confirm: no tile count passed, so no confirming run");
        assertThat(none.exitCode()).isEqualTo(1);
    }

    @Test
    void aSearchThatFailedOrWasStoppedRunsNothing() {
        assertThat(confirmation.run(outcome(true, "platform: gone"), Path.of("results", "search-1"))).isEmpty();
        aborted.set(true);
        assertThat(confirmation.run(outcome(true, null), Path.of("results", "search-1"))).isEmpty();
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("the search did not end normally, so no confirming run");
    }

    @Test
    void theConfirmingRunsVerdictIsTheSearchsExitCodeAndItsLastLine() {
        SearchOutcome found = outcome(true, null);
        assertThat(found.exitCode()).isZero();

        SearchOutcome held = found.confirmedBy(new SearchFile.Confirmation("run-2", "../run-2", 1, RunVerdict.COMPLIANT, 0.97,
                "Score: 0.97 @ 1 tile"));
        assertThat(held.exitCode()).isZero();
        assertThat(held.explanation().getLast()).isEqualTo("confirmed by run-2 at 1 tile (compliant): Score: 0.97 @ 1 tile");

        SearchOutcome notHeld = found.confirmedBy(new SearchFile.Confirmation("run-3", "../run-3", 1, RunVerdict.NON_COMPLIANT,
                0.5, "Score: 0.50 @ 1 tile (non-compliant)"));
        assertThat(notHeld.exitCode()).isEqualTo(1);
        assertThat(notHeld.confirmationLine()).hasValue(
                "not confirmed by run-3 at 1 tile (non-compliant): Score: 0.50 @ 1 tile (non-compliant)");
        assertThat(found.confirmedBy(new SearchFile.Confirmation(null, null, 1, RunVerdict.FAILED, null, "refused")).exitCode())
                .isEqualTo(3);
    }
}
