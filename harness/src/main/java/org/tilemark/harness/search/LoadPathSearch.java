package org.tilemark.harness.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicReference;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.Durations;
import org.tilemark.config.SearchSpec;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.run.LoadPathRun;
import org.tilemark.harness.run.RunIds;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.RunVerdict;

/**
 * {@code tilemark search} in one run: the {@link LoadPath} controller sets the tile count phase by phase and
 * {@link LoadPathRun} measures it, tiles joining and leaving the running benchmark at phase boundaries. One
 * bundle, {@code results/search-<id>/}, holds the run's files (run.json, intervals.jsonl, histograms,
 * infra-ops.jsonl) and the search's (steps.jsonl and search.json, each step with the phases it was scored from).
 */
final class LoadPathSearch {

    private final SearchSession session;
    private final AtomicReference<LoadPathRun> current;

    /** @param current where the running path is kept, for the search's abort to stop it */
    LoadPathSearch(SearchSession session, AtomicReference<LoadPathRun> current) {
        this.session = session;
        this.current = current;
    }

    int run(SearchRun.StepSpecs specs, BenchmarkSpec base, SearchConfirmation confirmation) {
        SearchSpec settings = base.search();
        String searchId = "search-" + RunIds.next();
        Path directory = base.run().results().toAbsolutePath().normalize().resolve(searchId);
        BenchmarkSpec spec;
        try {
            // run.tiles is the most the path may ask for: every tile's number is within it
            spec = specs.forTiles(settings.maxTiles(), base.run().results());
        } catch (ConfigException e) {
            e.errors().forEach(error -> session.err().println("error: " + error));
            return RunOutcome.BAD_INPUT;
        }
        try (ResultsBundle bundle = ResultsBundle.create(directory)) {
            bundle.writeSearchConfig(SearchFiles.config(base, searchId));
            session.out().println("Search " + searchId + " in one run: tiles from " + settings.startTiles() + " (at most "
                    + settings.maxTiles() + "), growing by " + settings.growthPercent() + " % (at least a tile) then bisecting, " + settings.phasesPerStep() + " phase(s) of "
                    + Durations.format(spec.run().phaseDuration()) + " a step, a failed step measured once more"
                    + (settings.repeatWinner() ? ", the maximum verified with a phase twice as long" : "")
                    + "; tiles join and leave between phases; results in " + directory);
            session.listener().searchStarted(searchId, settings.startTiles(), settings.maxTiles());
            List<SearchStep> steps = new ArrayList<>();
            List<SearchFile.Step> lines = new ArrayList<>();
            LoadPath path = new LoadPath(new TileSearch(settings.startTiles(), settings.maxTiles(), settings.repeatWinner(),
                    settings.growthPercent()),
                    settings.phasesPerStep(), spec.run().phaseDuration(), step -> {
                        SearchStep row = row(step);
                        SearchFile.Step line = SearchFiles.step(row, step);
                        steps.add(row);
                        lines.add(line);
                        appendStep(bundle, line);
                        session.out().println("[search] step " + row.number() + ": " + row.tiles() + " " + SearchOutcome.tiles(row.tiles())
                                + (step.verify() ? " (verification)" : step.remeasure() ? " (measured again)" : "")
                                + ", phases " + line.phases() + ": " + row.verdict().word());
                    });
            LoadPathRun run = new LoadPathRun(session.out(), session.environment(), session.listener().steps());
            current.set(run);
            if (session.aborted().get()) {
                run.abort();
            }
            LoadPathRun.Result result = run.run(spec, searchId, bundle, path.first(), path);
            current.set(null);
            // a VM's stop failed its step already
            result.events().forEach(event -> session.out().println("[event] " + event));
            result.audits().forEach(audit -> session.out().println("[audit] " + audit.summary()));
            Optional<String> failure = result.failure()
                    .or(() -> result.aborted() ? Optional.of("search aborted after " + steps.size() + " step(s)") : Optional.empty())
                    .or(() -> lostData(result.audits()));
            SearchOutcome outcome = SearchOutcome.of(path.search(), steps, failure.orElse(null), base.run().tileScale());
            return SearchRun.finish(session, outcome, bundle, SearchFiles.result(outcome, lines), confirmation,
                    SearchShape.ONE_RUN);
        } catch (IOException e) {
            session.err().println("error: writing the search results failed: " + e.getMessage());
            return RunOutcome.RUNTIME_FAILURE;
        }
    }

    private void appendStep(ResultsBundle bundle, SearchFile.Step line) {
        bundle.appendSearchStep(line);
        session.listener().searchStep(line);
    }

    /**
     * Committed data that an audit did not find (or could not look for). An audit covers a tile from its join to its
     * removal, not one step, so it fails no step: it leaves the search without a result, as it fails a run.
     */
    static Optional<String> lostData(List<ScoreFile.Audit> audits) {
        return audits.stream().flatMap(audit -> audit.reason().stream()).findFirst()
                .map(reason -> "an audit of committed data did not pass: " + reason);
    }

    /** A step's row: scored from its phases as a run of its tiles would be. */
    private static SearchStep row(LoadPath.Step step) {
        RunScore score = step.score();
        return new SearchStep(step.number(), step.tiles(), step.verify(), RunVerdict.of(step.compliant()),
                OptionalDouble.of(score.score()), OptionalDouble.of(score.application()), score.infrastructure(),
                step.clusterCpuPercent(), Optional.of(step.harnessCpu()), score.confidence().low(), score.confidence().high(),
                step.reasons(), new SearchStep.SearchPhases(step.measured().stream().map(phase -> phase.score().phase()).toList()));
    }
}
