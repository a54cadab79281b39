package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.function.Supplier;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;

/** Work that Ctrl-C stops cleanly: drivers stop, measured intervals are kept, VMs torn down. */
final class InterruptibleRun {
    private InterruptibleRun() {
    }

    static RunOutcome run(PrintStream out, BenchmarkSpec spec) {
        RunOrchestrator orchestrator = new RunOrchestrator(out, System.err, System.getenv());
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
