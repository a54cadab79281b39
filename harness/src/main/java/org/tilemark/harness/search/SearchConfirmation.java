package org.tilemark.harness.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.Durations;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.scoring.RunVerdict;

/**
 * {@code search --confirm}: once the search has its maximum N, one ordinary benchmark run at N tiles with the
 * configuration's own run shape (its profile, file and settings, not {@code --quick}'s shorter steps), written as a
 * run bundle of its own beside the search's; its run.json names the search, and the search names it. A search that
 * found no maximum, failed or was stopped confirms nothing.
 */
final class SearchConfirmation {

    /** Confirms nothing ({@code search} without {@code --confirm}). */
    static final SearchConfirmation NONE = new SearchConfirmation(null, null, null);

    private final SearchRun.StepSpecs runs;
    private final SearchSession session;
    private final AtomicReference<RunOrchestrator> current;

    /**
     * @param runs    the confirming run's configuration at a tile count (the search's, without {@code --quick})
     * @param current where the running run is kept, for the search's abort to stop it
     */
    SearchConfirmation(SearchRun.StepSpecs runs, SearchSession session, AtomicReference<RunOrchestrator> current) {
        this.runs = runs;
        this.session = session;
        this.current = current;
    }

    /** The confirming run, when the search found a maximum and ran to its end; says why there is none otherwise. */
    Optional<SearchFile.Confirmation> run(SearchOutcome outcome, Path searchDirectory) {
        if (runs == null) {
            return Optional.empty();
        }
        if (outcome.failure().isPresent() || session.aborted().get()) {
            session.out().println("--confirm: the search did not end normally, so no confirming run");
            return Optional.empty();
        }
        if (outcome.maxTiles().isEmpty()) {
            session.out().println("--confirm: no tile count passed, so no confirming run");
            return Optional.empty();
        }
        int tiles = outcome.maxTiles().getAsInt();
        BenchmarkSpec spec;
        try {
            spec = runs.forTiles(tiles, searchDirectory.getParent());
        } catch (ConfigException e) {
            // checked at both ends of the tile range before the search started: only a file changed since gets here
            e.errors().forEach(error -> session.err().println("error: " + error));
            return Optional.of(refused(tiles, "its configuration was refused (see above)"));
        }
        session.out().println();
        session.out().println("=== confirming the maximum: a run at " + tiles + " " + SearchOutcome.tiles(tiles) + ", profile "
                + spec.run().profile() + ", " + spec.run().phases() + " phase(s) of " + Durations.format(spec.run().phaseDuration())
                + " after " + Durations.format(spec.run().warmup()) + " of warm-up ===");
        RunOrchestrator orchestrator = new RunOrchestrator(session.out(), session.err(), session.environment(),
                session.listener().steps()).confirming(searchDirectory.getFileName().toString());
        current.set(orchestrator);
        RunOutcome run;
        try {
            run = orchestrator.run(spec);
        } finally {
            current.set(null);
        }
        if (run.bundle() == null) {
            return Optional.of(refused(tiles, "the run was refused before it started (" + run.describe() + ", see above)"));
        }
        Optional<Double> score;
        try {
            SearchStep read = SearchStep.read(0, tiles, false, run.bundle(), run.verdict());
            score = read.score().isPresent() ? Optional.of(read.score().getAsDouble()) : Optional.empty();
        } catch (IOException e) {
            session.err().println("error: reading the confirming run's score failed: " + e.getMessage());
            score = Optional.empty();
        }
        return Optional.of(new SearchFile.Confirmation(run.bundle().getFileName().toString(),
                searchDirectory.relativize(run.bundle()).toString(), tiles, run.verdict(), score.orElse(null),
                run.scoreLine()));
    }

    private static SearchFile.Confirmation refused(int tiles, String why) {
        return new SearchFile.Confirmation(null, null, tiles, RunVerdict.FAILED, null, why);
    }
}
