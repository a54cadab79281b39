package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunListener;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.search.SearchRun;
import org.tilemark.harness.serve.LiveServer;
import org.tilemark.harness.serve.RunControl;

/** Work that Ctrl-C stops cleanly: drivers stop, measured intervals are kept, VMs torn down. */
final class InterruptibleRun {
    private InterruptibleRun() {
    }

    static RunOutcome run(PrintStream out, BenchmarkSpec spec) {
        return run(out, spec, Optional.empty());
    }

    /** With a web app: it is told what the run measures, and its stop endpoint stops the run as Ctrl-C does. */
    static RunOutcome run(PrintStream out, BenchmarkSpec spec, Optional<LiveServer> server) {
        RunOrchestrator orchestrator = new RunOrchestrator(out, System.err, System.getenv(),
                server.map(LiveServer::listener).orElse(RunListener.NONE));
        server.ifPresent(s -> s.control(webStop(out, orchestrator)));
        return whileCtrlCDoes(() -> {
            out.println("\n[abort] stopping drivers, keeping measured intervals, tearing down VMs ...");
            orchestrator.abort();
            try {
                orchestrator.awaitFinished(Duration.ofMinutes(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, () -> orchestrator.run(spec));
    }

    /** {@code POST /api/run/stop}: the clean stop of Ctrl-C, said on the console. */
    static RunControl webStop(PrintStream out, RunOrchestrator orchestrator) {
        return () -> {
            out.println("\n[abort] stop asked through the web app: stopping drivers, keeping measured intervals, tearing down VMs ...");
            orchestrator.abort();
            return true;
        };
    }

    /** {@code POST /api/run/stop} of a search: its current step stops the clean way, and the search after it. */
    static RunControl webStop(PrintStream out, SearchRun search) {
        return () -> {
            out.println("\n[abort] stop asked through the web app: stopping the current step (its measured intervals are kept) and the search ...");
            Thread.ofPlatform().name("tilemark-search-abort").start(search::abort); // abort waits for the search's end
            return true;
        };
    }

    /** Runs {@code work}; a Ctrl-C meanwhile runs {@code onCtrlC} (on the JVM's shutdown-hook thread). */
    static <T> T whileCtrlCDoes(Runnable onCtrlC, Supplier<T> work) {
        Thread hook = new Thread(onCtrlC, "tilemark-abort");
        Runtime.getRuntime().addShutdownHook(hook);
        T result = work.get();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C arrived: the hook is running and waits for us.
        }
        return result;
    }
}
