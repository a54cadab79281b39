package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.time.Duration;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;

/** One benchmark run that Ctrl-C stops cleanly: drivers stop, measured intervals are kept, VMs torn down. */
final class InterruptibleRun {
    private InterruptibleRun() {
    }

    static RunOutcome run(PrintStream out, BenchmarkSpec spec) {
        RunOrchestrator orchestrator = new RunOrchestrator(out, System.getenv());
        Thread onCtrlC = new Thread(() -> {
            out.println("\n[abort] stopping drivers, keeping measured intervals, tearing down VMs ...");
            orchestrator.abort();
            try {
                orchestrator.awaitFinished(Duration.ofMinutes(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "tilemark-abort");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        RunOutcome outcome = orchestrator.run(spec);
        try {
            Runtime.getRuntime().removeShutdownHook(onCtrlC);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C arrived: the hook is running and waits for us.
        }
        return outcome;
    }
}
