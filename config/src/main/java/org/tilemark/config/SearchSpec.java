package org.tilemark.config;

import java.time.Duration;

/**
 * {@code tilemark search}: the most tiles the cluster sustains with every workload of every tile and
 * every infrastructure operation passing QoS. Tile counts grow by doubling from {@code startTiles}
 * while runs pass and improve the score, then bisect between the last pass and the first failure.
 *
 * @param startTiles   the first tile count tried
 * @param maxTiles     the search never tries more tiles than this
 * @param repeatWinner run the maximum found once more; it stands only if it passes again
 * @param growthPercent in one run, how much a passing step's tile count grows for the next step: this share of it,
 *                     at least one tile (Weathervane's find-max ramps by small increments; a one run's overshoot
 *                     loads the tiles that keep running). The series of runs doubles
 * @param phasesPerStep in one run, the measured phases of a step (Weathervane's decision interval: one); a failed
 *                     step is measured once more and the maximum verified with a phase twice as long. The series'
 *                     steps are runs of {@code run.phases}
 * @param deployAhead  in one run, deploy the tiles the next step would add while the tiles joining now warm up,
 *                     the warm-up lasting until they are up; false deploys them when they join
 * @param quick        what {@code --quick} shortens each step's run to
 */
public record SearchSpec(int startTiles, int maxTiles, boolean repeatWinner, int growthPercent, int phasesPerStep,
                         boolean deployAhead,
                         Quick quick) {

    /** A step's run shape under {@code --quick}. */
    public record Quick(int phases, Duration phaseDuration, Duration warmup) {
    }
}
