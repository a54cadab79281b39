package org.tilemark.harness.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class TileSearchTest {

    /** A cluster whose score grows by 1 per tile and which complies up to {@code limit} tiles. */
    private static IntFunction<TileSearch.Outcome> compliesUpTo(int limit) {
        return tiles -> new TileSearch.Outcome(tiles, tiles <= limit, tiles);
    }

    private static List<Integer> walk(TileSearch search, IntFunction<TileSearch.Outcome> cluster) {
        List<Integer> tried = new ArrayList<>();
        for (OptionalInt next = search.next(); next.isPresent(); next = search.next()) {
            tried.add(next.getAsInt());
            search.record(cluster.apply(next.getAsInt()));
        }
        return tried;
    }

    @Test
    void doublesThenBisectsThenRepeatsTheWinner() {
        TileSearch search = new TileSearch(1, 32, true);

        assertThat(walk(search, compliesUpTo(5))).containsExactly(1, 2, 4, 8, 6, 5, 5);
        assertThat(search.maxTiles()).hasValue(5);
        assertThat(search.firstFailureAbove()).hasValueSatisfying(s -> assertThat(s.outcome().tiles()).isEqualTo(6));
        assertThat(search.steps()).filteredOn(TileSearch.Step::repeat).hasSize(1);
    }

    /**
     * The one run's ramp: a quarter more tiles after each pass, at least one, so a step overshoots the cluster by at most
     * a quarter; a failure above a gap of more than a tile is bisected.
     */
    @Test
    void growsByAQuarterAtLeastATileThenBisects() {
        assertThat(walk(new TileSearch(1, 32, true, 25), compliesUpTo(3))).containsExactly(1, 2, 3, 4, 3);
        assertThat(walk(new TileSearch(1, 32, false, 25), compliesUpTo(11))).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 11);
        TileSearch capped = new TileSearch(1, 9, false, 25);
        assertThat(walk(capped, compliesUpTo(32))).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(capped.cappedAtMax()).isTrue();
        assertThatThrownBy(() -> new TileSearch(1, 8, true, 0)).hasMessageContaining("growthPercent");
    }

    /** What the tiles deployed ahead of a step are: the count that would follow if it passed, without changing the search. */
    @Test
    void saysWhatFollowsIfTheNextStepPassesWithoutRecordingIt() {
        TileSearch search = new TileSearch(1, 32, true);
        List<Integer> ifPasses = new ArrayList<>();
        IntFunction<TileSearch.Outcome> cluster = compliesUpTo(5);
        for (OptionalInt next = search.next(); next.isPresent(); next = search.next()) {
            ifPasses.add(search.nextIfPasses().orElse(0));
            search.record(cluster.apply(next.getAsInt()));
        }
        // steps 1, 2, 4, 8, 6, 5, 5 (repeat): a pass at 8 would go to 16; at 6 (between 4 and 8) to 7; at 5 to its repeat; the repeat ends it
        assertThat(ifPasses).containsExactly(2, 4, 8, 16, 7, 5, 0);
        assertThat(search.maxTiles()).hasValue(5);
    }

    @Test
    void aTileThatNoLongerImprovesTheScoreIsPastThePeak() {
        // Compliant everywhere, but the score is flat from 4 tiles on.
        TileSearch search = new TileSearch(1, 16, false);

        assertThat(walk(search, tiles -> new TileSearch.Outcome(tiles, true, Math.min(tiles, 4)))).containsExactly(1, 2, 4, 8, 6, 5);

        assertThat(search.maxTiles()).hasValue(4);
        assertThat(search.firstFailureAbove()).hasValueSatisfying(s -> {
            assertThat(s.outcome().compliant()).isTrue();
            assertThat(s.passed()).isFalse();
        });
    }

    @Test
    void aWinnerThatFailsItsRepeatIsDemoted() {
        TileSearch search = new TileSearch(1, 8, true);
        List<Integer> tried = new ArrayList<>();
        // 3 tiles pass once, then fail their repeat: the cluster was only just able to carry them.
        List<Integer> tries = walk(search, tiles -> {
            tried.add(tiles);
            boolean firstTryOfThree = tiles == 3 && tried.stream().filter(t -> t == 3).count() == 1;
            return new TileSearch.Outcome(tiles, tiles <= 2 || firstTryOfThree, tiles);
        });

        assertThat(tries).containsExactly(1, 2, 4, 3, 3, 2);
        assertThat(search.maxTiles()).hasValue(2);
        assertThat(search.firstFailureAbove()).hasValueSatisfying(s -> assertThat(s.repeat()).isTrue());
    }

    @Test
    void nothingPassesWhenTheFirstStepFails() {
        TileSearch search = new TileSearch(1, 8, true);

        assertThat(walk(search, compliesUpTo(0))).containsExactly(1);
        assertThat(search.maxTiles()).isEmpty();
    }

    @Test
    void aLargeStartThatFailsIsBisectedDownwards() {
        TileSearch search = new TileSearch(8, 32, false);

        assertThat(walk(search, compliesUpTo(2))).containsExactly(8, 4, 2, 3);
        assertThat(search.maxTiles()).hasValue(2);
    }

    @Test
    void stopsAtTheConfiguredMaximum() {
        TileSearch search = new TileSearch(1, 3, false);

        assertThat(walk(search, compliesUpTo(10))).containsExactly(1, 2, 3);
        assertThat(search.maxTiles()).hasValue(3);
        assertThat(search.cappedAtMax()).isTrue();
        assertThat(search.firstFailureAbove()).isEmpty();
    }

    @Test
    void refusesAnOutcomeForAnotherTileCount() {
        TileSearch search = new TileSearch(1, 3, false);

        assertThatThrownBy(() -> search.record(new TileSearch.Outcome(2, true, 2)))
                .hasMessage("expected a run of 1 tiles, got 2");
    }
}
