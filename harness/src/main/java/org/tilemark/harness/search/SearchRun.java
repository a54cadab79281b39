package org.tilemark.harness.search;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.SearchSpec;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.run.LoadPathRun;
import org.tilemark.harness.run.PhasePolicy;
import org.tilemark.harness.run.RunIds;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.run.TileCluster;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.harness.bundle.BundleLayout;

/**
 * {@code tilemark search}: runs the tile counts {@link TileSearch} asks for on one cluster (only the
 * tiles that change are deployed or destroyed between steps), each step a full run with its own
 * bundle under the search's {@code steps/}, stopping a step at its first failed phase. Ends with
 * the scaling table, charts and "max N tiles, S @ N tiles".
 */
public final class SearchRun {

    /** The configuration of one step: the user's, with the step's tile count and results directory. */
    @FunctionalInterface
    public interface StepSpecs {
        BenchmarkSpec forTiles(int tiles, Path results) throws ConfigException;
    }

    private final SearchSession session;
    private final StepSpecs specs;
    private final AtomicReference<RunOrchestrator> current = new AtomicReference<>();
    private final java.util.concurrent.CountDownLatch finished = new java.util.concurrent.CountDownLatch(1);
    private final AtomicReference<LoadPathRun> path = new AtomicReference<>();
    private boolean oneRun;
    private SearchConfirmation confirmation = SearchConfirmation.NONE;

    public SearchRun(PrintStream out, PrintStream err, Map<String, String> environment, StepSpecs specs) {
        this(out, err, environment, specs, SearchListener.NONE);
    }

    /** With a live view ({@code search --serve}) told of every step. */
    public SearchRun(PrintStream out, PrintStream err, Map<String, String> environment, StepSpecs specs,
                     SearchListener listener) {
        this.session = new SearchSession(out, err, environment, listener, new AtomicBoolean());
        this.specs = specs;
    }

    /** Errors and progress on one console (tests that read the whole of what a search printed). */
    public SearchRun(PrintStream console, Map<String, String> environment, StepSpecs specs) {
        this(console, console, environment, specs);
    }

    /**
     * Stops the running step (its measured intervals are kept) and the search after it, and waits
     * (at most a few minutes) until the search has torn its tiles down and written its results.
     */
    public void abort() {
        session.aborted().set(true);
        RunOrchestrator running = current.get();
        if (running != null) {
            running.abort();
        }
        LoadPathRun onePath = path.get();
        if (onePath != null) {
            onePath.abort();
        }
        try {
            finished.await(3, java.util.concurrent.TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The search as one run ({@code tilemark search} without {@code --series}): tiles join and leave a running
     * benchmark at phase boundaries ({@link LoadPathSearch}) instead of a run per step.
     */
    public SearchRun inOneRun(boolean one) {
        this.oneRun = one;
        return this;
    }

    /**
     * {@code search --confirm}: after the search, one ordinary run at the maximum it found, its configuration from
     * {@code runs} (the search's own, without {@code --quick}'s shorter steps).
     */
    public SearchRun confirming(StepSpecs runs) {
        this.confirmation = new SearchConfirmation(runs, session, current);
        return this;
    }

    /** Runs the search; returns the exit code (0: a maximum was found, 1: no tile count passed, 2/3 as for runs). */
    public int run(BenchmarkSpec base) {
        try {
            return oneRun ? new LoadPathSearch(session, path).run(specs, base, confirmation) : search(base);
        } finally {
            finished.countDown();
        }
    }

    /** search.json, the report, and on the console the table, the headline and why; the search's exit code. */
    private int finish(SearchOutcome outcome, ResultsBundle bundle) throws IOException {
        return finish(session, outcome, bundle, SearchFiles.result(outcome, bundle.directory()), confirmation,
                SearchShape.SERIES);
    }

    /**
     * As above, with search.json's records made by the caller: written, told, then (with {@code --confirm}) the
     * confirming run, after which search.json and the report are written again naming it, and its line is the last.
     */
    static int finish(SearchSession session, SearchOutcome outcome, ResultsBundle bundle, SearchFile written,
                      SearchConfirmation confirmation, SearchShape shape) throws IOException {
        Path directory = bundle.directory();
        bundle.writeSearch(written);
        SearchReport.write(directory, outcome, shape);
        session.out().println();
        SearchTable.print(session.out(), outcome.steps());
        session.out().println(outcome.headline());
        outcome.explanation().forEach(line -> session.out().println(line.startsWith(" ") ? "    " + line : "  - " + line));
        SearchOutcome ended = outcome;
        Optional<SearchFile.Confirmation> confirmed = confirmation.run(outcome, directory);
        if (confirmed.isPresent()) {
            ended = outcome.confirmedBy(confirmed.get());
            bundle.writeSearch(written.confirmedBy(confirmed.get(), ended.explanation()));
            SearchReport.write(directory, ended, shape);
        }
        session.listener().searchFinished(ended.headline());
        session.out().println("Report: " + directory.resolve(BundleLayout.REPORT));
        outcome.failure().ifPresent(f -> session.err().println("error: search incomplete: " + f));
        ended.confirmationLine().ifPresent(line -> session.out().println("Search " + directory.getFileName() + ": " + line));
        return ended.exitCode();
    }

    private int search(BenchmarkSpec base) {
        SearchSpec settings = base.search();
        String searchId = "search-" + RunIds.next();
        Path directory = base.run().results().toAbsolutePath().normalize().resolve(searchId);
        TileSearch search = new TileSearch(settings.startTiles(), settings.maxTiles(), settings.repeatWinner());
        List<SearchStep> steps = new ArrayList<>();
        String failure = null;
        try (ResultsBundle bundle = ResultsBundle.createPlain(directory)) {
            bundle.writeSearchConfig(SearchFiles.config(base, searchId));
            session.out().println("Search " + searchId + ": tiles from " + settings.startTiles() + " (at most " + settings.maxTiles()
                    + "), doubling then bisecting" + (settings.repeatWinner() ? ", the winner run twice" : "")
                    + "; results in " + directory);
            session.listener().searchStarted(searchId, settings.startTiles(), settings.maxTiles());
            try (TileCluster cluster = TileCluster.open(base, searchId, session.out())) {
                for (OptionalInt next = search.next(); next.isPresent() && !session.aborted().get(); next = search.next()) {
                    int tiles = next.getAsInt();
                    boolean repeat = search.nextIsRepeat();
                    BenchmarkSpec spec = specs.forTiles(tiles, directory.resolve("steps"));
                    session.out().println();
                    session.out().println("=== step " + (steps.size() + 1) + ": " + tiles + (tiles == 1 ? " tile" : " tiles")
                            + (repeat ? " (repeat of the maximum)" : "") + " ===");
                    RunOrchestrator orchestrator = new RunOrchestrator(session.out(), session.err(), session.environment(),
                            session.listener().steps());
                    current.set(orchestrator);
                    RunOutcome outcome = orchestrator.run(spec, cluster, PhasePolicy.STOP_AT_FIRST_FAILED_PHASE);
                    current.set(null);
                    if (outcome.exitCode() == RunOutcome.BAD_INPUT) {
                        failure = "step at " + tiles + " tiles had bad input (see above)";
                        break;
                    }
                    SearchStep step = SearchStep.read(steps.size() + 1, tiles, repeat, outcome.bundle(), outcome.verdict());
                    steps.add(step);
                    SearchFile.Step line = SearchFiles.step(step, directory);
                    bundle.appendSearchStep(line);
                    session.listener().searchStep(line);
                    search.record(new TileSearch.Outcome(tiles, step.compliant(), step.score().orElse(0)));
                }
            } catch (PlatformException e) {
                failure = "platform: " + e.getMessage();
            }
            if (session.aborted().get()) {
                failure = "search aborted after " + steps.size() + " step(s)";
            }
            return finish(SearchOutcome.of(search, steps, failure, base.run().tileScale()), bundle);
        } catch (ConfigException e) {
            e.errors().forEach(error -> session.err().println("error: " + error));
            return RunOutcome.BAD_INPUT;
        } catch (IOException e) {
            session.err().println("error: writing the search results failed: " + e.getMessage());
            return RunOutcome.RUNTIME_FAILURE;
        }
    }
}
