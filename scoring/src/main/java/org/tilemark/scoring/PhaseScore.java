package org.tilemark.scoring;

import java.util.List;
import java.util.OptionalDouble;

/**
 * One measurement phase: {@code score = 0.8·application + 0.2·infrastructure}, or the application score
 * alone ({@code applicationOnly}) when no infrastructure score exists.
 *
 * @param application sum of the tile scores
 * @param qos         all tiles' verdicts (and the infrastructure's, if given), reasons prefixed by source
 */
public record PhaseScore(int phase, List<TileScore> tiles, double application, OptionalDouble infrastructure,
        double score, boolean applicationOnly, QosVerdict qos) {

    public PhaseScore {
        Require.nonNegative(phase, "phase");
        tiles = Require.listCopy(tiles, "tiles");
        if (tiles.isEmpty()) {
            throw new IllegalArgumentException("tiles must not be empty");
        }
        Require.nonNegative(application, "application");
        Require.nonNull(infrastructure, "infrastructure");
        infrastructure.ifPresent(value -> Require.nonNegative(value, "infrastructure"));
        Require.nonNegative(score, "score");
        if (applicationOnly != infrastructure.isEmpty()) {
            throw new IllegalArgumentException("applicationOnly must be true exactly when infrastructure is absent");
        }
        Require.nonNull(qos, "qos");
    }
}
