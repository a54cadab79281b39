package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Component
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Deploy the tiles, run warm-up and the measurement phases, score them and write the results bundle.")
class RunCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        var loaded = config.loadOrReport();
        if (loaded.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        BenchmarkSpec spec = loaded.get();
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
        return outcome.exitCode();
    }
}
