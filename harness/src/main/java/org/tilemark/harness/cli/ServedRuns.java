package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.serve.LiveServer;
import org.tilemark.harness.serve.RunControl;
import org.tilemark.harness.serve.RunLauncher;

/**
 * Runs started through the web app of {@code tilemark serve}, one at a time. Each is what {@code tilemark run}
 * with serve's own options would run, the posted configuration in place of {@code -c} and the posted settings
 * last, checked by the same {@link Preflight} before anything is created; its console lines go where serve's do.
 */
final class ServedRuns implements RunLauncher {

    /** What a run started through the API is named as in errors about its configuration. */
    static final String SOURCE = "(request body)";

    private final ConfigOptions options;
    private final LiveServer server;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    private RunOrchestrator current;
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
        if (current != null) {
            return false;
        }
        BenchmarkSpec spec = Preflight.check(request.config() == null
                ? options.load(request.settings()) : options.loadText(request.config(), SOURCE, request.settings()));
        RunOrchestrator orchestrator = new RunOrchestrator(out, err, environment, server.listener());
        current = orchestrator;
        server.control(InterruptibleRun.webStop(out, orchestrator));
        out.println("[serve] run started through the web app");
        thread = Thread.ofPlatform().name("tilemark-served-run").start(() -> {
            try {
                orchestrator.run(spec);
            } finally {
                ended();
            }
        });
        return true;
    }

    private synchronized void ended() {
        current = null;
        server.control(RunControl.NONE);
    }

    /** Serve is closing (Ctrl-C): the run going stops the clean way first, as Ctrl-C stops {@code tilemark run}. */
    void stopAndAwait(Duration patience) throws InterruptedException {
        Optional<Thread> running;
        synchronized (this) {
            if (current != null) {
                out.println("\n[abort] stopping drivers, keeping measured intervals, tearing down VMs ...");
                current.abort();
            }
            running = Optional.ofNullable(thread);
        }
        if (running.isPresent()) {
            running.get().join(patience);
        }
    }
}
