package org.tilemark.harness.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.tilemark.config.TileScale;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.scoring.RunVerdict;

/**
 * What a search found: the maximum tiles and its score, the step that proved it and the step above
 * it that failed or did not improve, each with its reasons.
 *
 * @param tileScale    {@code run.tileScale} every step ran at
 * @param confirmation the ordinary run at the maximum ({@code search --confirm}), once it ran
 */
record SearchOutcome(List<SearchStep> steps, OptionalInt maxTiles, Optional<SearchStep> peak, Optional<SearchStep> above,
                     boolean cappedAtMax, Optional<String> failure, double tileScale,
                     Optional<SearchFile.Confirmation> confirmation) {

    SearchOutcome {
        steps = List.copyOf(steps);
    }

    static SearchOutcome of(TileSearch search, List<SearchStep> steps, String failure, double tileScale) {
        OptionalInt max = search.maxTiles();
        // The peak's row: its first (non-repeat) passing step, whose score the search compared.
        Optional<SearchStep> peak = max.isEmpty() ? Optional.empty() : steps.stream()
                .filter(s -> s.tiles() == max.getAsInt() && !s.repeat() && s.compliant()).findFirst();
        Optional<SearchStep> above = search.firstFailureAbove()
                .flatMap(f -> steps.stream().filter(s -> s.tiles() == f.outcome().tiles() && s.repeat() == f.repeat()).findFirst());
        return new SearchOutcome(steps, max, peak, above, search.cappedAtMax(), Optional.ofNullable(failure), tileScale,
                Optional.empty());
    }

    /** The same outcome, confirmed (or not) by this run at its maximum. */
    SearchOutcome confirmedBy(SearchFile.Confirmation run) {
        return new SearchOutcome(steps, maxTiles, peak, above, cappedAtMax, failure, tileScale, Optional.of(run));
    }

    /** "confirmed by run-... at N tiles: <its score line>", or that it did not confirm it; empty without one. */
    Optional<String> confirmationLine() {
        return confirmation.map(c -> (c.compliant() ? "confirmed" : "not confirmed") + " by "
                + (c.runId() == null ? "a run" : c.runId()) + " at " + c.tiles() + " " + tiles(c.tiles()) + " ("
                + c.verdict().word() + "): " + c.scoreLine());
    }

    /**
     * "max N tiles, S @ N tiles", or why there is none; it ends with the tile scale, as the run's score line
     * does, and says a scaled search's maximum is not publishable.
     */
    String headline() {
        return result() + "; " + TileScale.phraseWithPublishability(tileScale);
    }

    private String result() {
        String prefix = failure.map(f -> "Search incomplete (" + f + "): ").orElse("");
        if (maxTiles.isEmpty() || peak.isEmpty()) {
            return prefix + "no tile count passed QoS";
        }
        int n = maxTiles.getAsInt();
        SearchStep step = peak.get();
        return String.format(Locale.ROOT, "%smax %d %s, %.2f @ %d %s (95 %% CI %.2f-%.2f)", prefix, n, tiles(n),
                step.score().orElse(0), n, tiles(n), step.confidenceLow(), step.confidenceHigh());
    }

    /** Why N is the maximum: N passed (and its repeat), N+1 failed or did not improve, with reasons. */
    List<String> explanation() {
        List<String> lines = new ArrayList<>();
        peak.ifPresent(p -> {
            lines.add(p.tiles() + " " + tiles(p.tiles()) + " passed: " + scoreText(p) + ", every workload and operation within QoS");
            steps.stream().filter(s -> s.repeat() && s.tiles() == p.tiles() && s.compliant()).findFirst()
                    .ifPresent(r -> lines.add(r.tiles() + " " + tiles(r.tiles()) + " passed again on repeat: " + scoreText(r)));
        });
        above.ifPresent(a -> {
            if (a.compliant() && peak.isPresent()) {
                lines.add(String.format(Locale.ROOT, "%d %s did not improve the score: %s <= %.2f at %d %s", a.tiles(),
                        tiles(a.tiles()), scoreText(a), peak.get().score().orElse(0), peak.get().tiles(), tiles(peak.get().tiles())));
            } else {
                lines.add(a.tiles() + " " + tiles(a.tiles()) + (a.repeat() ? " failed on repeat" : " failed") + " ("
                        + a.verdict() + ", " + scoreText(a) + "):");
                a.reasons().forEach(r -> lines.add("    " + r));
            }
        });
        if (cappedAtMax && maxTiles.isPresent()) {
            lines.add("search.maxTiles (" + maxTiles.getAsInt() + ") reached: more tiles were not tried");
        }
        confirmationLine().ifPresent(lines::add);
        return lines;
    }

    int exitCode() {
        if (failure.isPresent()) {
            return RunOutcome.RUNTIME_FAILURE;
        }
        if (maxTiles.isEmpty()) {
            return RunOutcome.NON_COMPLIANT;
        }
        // A maximum its confirming run did not hold is no result: 1 non-compliant, 3 failed or stopped
        return confirmation.map(c -> c.compliant() ? RunOutcome.COMPLIANT
                : c.verdict() == RunVerdict.NON_COMPLIANT ? RunOutcome.NON_COMPLIANT : RunOutcome.RUNTIME_FAILURE)
                .orElse(RunOutcome.COMPLIANT);
    }

    private static String scoreText(SearchStep s) {
        return s.score().isPresent() ? String.format(Locale.ROOT, "score %.2f", s.score().getAsDouble()) : "no score";
    }

    static String tiles(int n) {
        return n == 1 ? "tile" : "tiles";
    }
}
