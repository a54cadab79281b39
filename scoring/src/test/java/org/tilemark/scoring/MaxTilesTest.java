package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class MaxTilesTest {

    private static SortedMap<Integer, RunScore> sweep(Object... tilesScoreCompliant) {
        SortedMap<Integer, RunScore> byTiles = new TreeMap<>();
        for (int i = 0; i < tilesScoreCompliant.length; i += 3) {
            int tiles = (Integer) tilesScoreCompliant[i];
            byTiles.put(tiles, Fixtures.run(tiles, (Double) tilesScoreCompliant[i + 1], (Boolean) tilesScoreCompliant[i + 2]));
        }
        return byTiles;
    }

    @Test
    void peakIsTheLastCountBeforeQosFails() {
        assertThat(Scoring.maxTiles(sweep(1, 1.0, true, 2, 1.9, true, 3, 2.7, true, 4, 3.1, false)))
                .hasValue(new MaxTiles(3, 2.7));
    }

    @Test
    void peakIsTheLastCountBeforeTheScoreStopsImproving() {
        assertThat(Scoring.maxTiles(sweep(1, 1.0, true, 2, 1.9, true, 3, 1.85, true, 4, 2.5, true)))
                .hasValue(new MaxTiles(2, 1.9));
    }

    @Test
    void anEqualScoreIsNoImprovement() {
        assertThat(Scoring.maxTiles(sweep(1, 1.0, true, 2, 1.9, true, 3, 1.9, true)))
                .hasValue(new MaxTiles(2, 1.9));
    }

    @Test
    void aLaterFailureDoesNotMatterOnceTheWalkStopped() {
        assertThat(Scoring.maxTiles(sweep(1, 1.0, true, 2, 1.9, false, 3, 2.8, true)))
                .hasValue(new MaxTiles(1, 1.0));
    }

    @Test
    void noPeakWhenTheSmallestCountFails() {
        assertThat(Scoring.maxTiles(sweep(1, 1.0, false, 2, 1.9, true))).isEmpty();
        assertThat(Scoring.maxTiles(new TreeMap<>())).isEmpty();
    }

    @Test
    void keyMustMatchTheRunsTileCount() {
        SortedMap<Integer, RunScore> byTiles = new TreeMap<>();
        byTiles.put(2, Fixtures.run(1, 1.0, true));
        assertThatThrownBy(() -> Scoring.maxTiles(byTiles)).isInstanceOf(IllegalArgumentException.class);
    }
}
