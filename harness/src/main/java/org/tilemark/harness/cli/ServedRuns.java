package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.search.SearchRun;
import org.tilemark.harness.serve.LiveServer;
import org.tilemark.harness.serve.RunControl;
import org.tilemark.harness.serve.RunLauncher;

/**
 * Runs and searches started through the web app of {@code tilemark serve}, one at a time. Each is what
 * {@code tilemark run} (or {@code search}) with serve's own options would run, the posted configuration in place
 * of {@code -c} and the posted settings last, checked by the same {@link Preflight} before anything is created;
 * its console lines go where serve's do.
 */
final class ServedRuns implements RunLauncher {

    /** What a run started through the API is named as in errors about its configuration. */
    static final String SOURCE = "(request body)";

    private final ConfigOptions options;
    private final LiveServer server;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    /** Ctrl-C's clean stop of what goes; null when nothing does. */
    private Runnable abort;
    private Thread thread;

    ServedRuns(ConfigOptions options, LiveServer server, PrintStream out, PrintStream err, Map<String, String> environment) {
        this.options = options;
        this.server = server;
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    @Override
    public synchronized boolean launch(RunRequest request) throws ConfigException {
        if (abort != null) {
            return false;
        }
        SearchPlan.Layers layers = extra -> {
            Map<String, String> settings = new LinkedHashMap<>(request.settings());
            settings.putAll(extra);
            return request.config() == null ? options.load(settings) : options.loadText(request.config(), SOURCE, settings);
        };
        Runnable work;
        if (request.search()) {
            SearchPlan plan = SearchPlan.of(layers, Map.of(), null);
            SearchRun search = new SearchRun(out, err, environment, plan.steps(), server.searchListener())
                    .inOneRun(!request.series());
            server.control(InterruptibleRun.webStop(out, search));
            abort = search::abort;
            work = () -> search.run(plan.base());
        } else {
            BenchmarkSpec spec = Preflight.check(layers.load(Map.of()));
            RunOrchestrator orchestrator = new RunOrchestrator(out, err, environment, server.listener());
            server.control(InterruptibleRun.webStop(out, orchestrator));
            abort = orchestrator::abort;
            work = () -> orchestrator.run(spec);
        }
        out.println("[serve] " + (request.search() ? "search" : "run") + " started through the web app");
        thread = Thread.ofPlatform().name("tilemark-served-run").start(() -> {
            try {
                work.run();
            } finally {
                ended();
            }
        });
        return true;
    }

    private synchronized void ended() {
        abort = null;
        server.control(RunControl.NONE);
    }

    /** Serve is closing (Ctrl-C): what goes stops the clean way first, as Ctrl-C stops {@code tilemark run}. */
    void stopAndAwait(Duration patience) throws InterruptedException {
        Optional<Thread> running;
        Runnable stop;
        synchronized (this) {
            stop = abort;
            running = Optional.ofNullable(thread);
        }
        if (stop != null) {
            out.println("\n[abort] stopping drivers, keeping measured intervals, tearing down VMs ...");
            stop.run();
        }
        if (running.isPresent()) {
            running.get().join(patience);
        }
    }
}
