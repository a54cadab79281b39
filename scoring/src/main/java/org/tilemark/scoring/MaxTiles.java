package org.tilemark.scoring;

/** The peak of a tile sweep: the number of tiles and the run score reached there. */
public record MaxTiles(int tiles, double score) {
    public MaxTiles {
        Require.nonNegative(tiles, "tiles");
        Require.nonNegative(score, "score");
    }
}
