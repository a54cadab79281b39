package org.tilemark.harness.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The find-max load path over tile counts: from the start, grow while a step passes (by {@code growthPercent} of
 * the passing count, at least one tile: 100 doubles, as the series of runs does; the one run's 25 adds a tile at a
 * time up to 4 tiles, then a quarter, so that a step overshoots the cluster by at most a quarter); then bisect
 * between the last pass and the first failure; then (optionally) run the winner again. A step
 * <em>passes</em> when its run is compliant and its score beats the best passing step below it
 * (SPEC's rule: a tile that no longer improves the score is past the peak). If the repeat fails,
 * the winner is demoted and the search goes on below it.
 *
 * <p>Pure bookkeeping: ask {@link #next()} for a tile count, run it, {@link #record} the outcome.
 */
final class TileSearch {

    /** What a step's run came to, as the search needs it. */
    record Outcome(int tiles, boolean compliant, double score) {
    }

    /** A recorded step: its outcome, whether it was the winner's repeat, and whether it passed. */
    record Step(Outcome outcome, boolean repeat, boolean passed) {
    }

    private final int start;
    private final int max;
    private final boolean repeatWinner;
    private final int growthPercent;
    private final List<Step> steps = new ArrayList<>();
    /** The highest passing tile count so far (0: none), and its score. */
    private int best;
    private double bestScore;
    /** The lowest tile count known to fail above {@link #best}; {@code Integer.MAX_VALUE} while growing. */
    private int failed = Integer.MAX_VALUE;
    private boolean repeated;

    /** A search that doubles while steps pass. */
    TileSearch(int start, int max, boolean repeatWinner) {
        this(start, max, repeatWinner, 100);
    }

    TileSearch(int start, int max, boolean repeatWinner, int growthPercent) {
        if (start < 1 || max < start) {
            throw new IllegalArgumentException("need 1 <= start <= max, got start " + start + ", max " + max);
        }
        if (growthPercent < 1 || growthPercent > 100) {
            throw new IllegalArgumentException("need 1 <= growthPercent <= 100, got " + growthPercent);
        }
        this.start = start;
        this.max = max;
        this.repeatWinner = repeatWinner;
        this.growthPercent = growthPercent;
    }

    /** The tile count to run next; empty once the maximum is known. */
    OptionalInt next() {
        if (failed == Integer.MAX_VALUE) {
            if (best == 0) {
                return OptionalInt.of(start);
            }
            if (best < max) {
                return OptionalInt.of(Math.min(best + Math.max(1, best * growthPercent / 100), max));
            }
        } else if (failed - best > 1) {
            return OptionalInt.of((best + failed) / 2);
        }
        if (best > 0 && repeatWinner && !repeated) {
            return OptionalInt.of(best);
        }
        return OptionalInt.empty();
    }

    /**
     * The tile count that would follow if the next step passed with a score above every other (a
     * prediction, so the tiles it adds can be deployed while that step is measured); empty if none would.
     */
    OptionalInt nextIfPasses() {
        OptionalInt next = next();
        if (next.isEmpty()) {
            return next;
        }
        TileSearch after = new TileSearch(start, max, repeatWinner, growthPercent);
        steps.forEach(step -> after.record(step.outcome()));
        after.record(new Outcome(next.getAsInt(), true, Double.POSITIVE_INFINITY));
        return after.next();
    }

    /** Whether the next step is the winner's repeat. */
    boolean nextIsRepeat() {
        OptionalInt next = next();
        return next.isPresent() && next.getAsInt() == best && best > 0;
    }

    void record(Outcome outcome) {
        int expected = next().orElseThrow(() -> new IllegalStateException("the search is over"));
        if (outcome.tiles() != expected) {
            throw new IllegalArgumentException("expected a run of " + expected + " tiles, got " + outcome.tiles());
        }
        if (nextIsRepeat()) {
            steps.add(new Step(outcome, true, outcome.compliant()));
            repeated = true;
            if (!outcome.compliant()) {
                // The winner did not hold: it fails now, and the best pass below it is the candidate.
                failed = best;
                Optional<Step> below = steps.stream()
                        .filter(s -> s.passed() && !s.repeat() && s.outcome().tiles() < failed)
                        .max(java.util.Comparator.comparingInt(s -> s.outcome().tiles()));
                best = below.map(s -> s.outcome().tiles()).orElse(0);
                bestScore = below.map(s -> s.outcome().score()).orElse(0.0);
                repeated = false;
            }
            return;
        }
        boolean passed = outcome.compliant() && (best == 0 || outcome.score() > bestScore);
        steps.add(new Step(outcome, false, passed));
        if (passed) {
            best = outcome.tiles();
            bestScore = outcome.score();
        } else {
            failed = Math.min(failed, outcome.tiles());
        }
    }

    List<Step> steps() {
        return List.copyOf(steps);
    }

    /** The maximum tiles found (empty if even the smallest count tried failed); final once {@link #next()} is empty. */
    OptionalInt maxTiles() {
        return best == 0 ? OptionalInt.empty() : OptionalInt.of(best);
    }

    /** The step that ended the climb: the first failure one tile above the maximum, if one was run. */
    Optional<Step> firstFailureAbove() {
        int limit = best + 1;
        return steps.stream().filter(s -> !s.passed() && s.outcome().tiles() == limit).findFirst();
    }

    /** Whether the search stopped at {@code search.maxTiles} without a failure above it. */
    boolean cappedAtMax() {
        return best == max && failed == Integer.MAX_VALUE;
    }
}
