package org.tilemark.harness.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.serve.LiveServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Component
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Deploy the tiles, run warm-up and the measurement phases, score them and write the results bundle.")
class RunCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = "--serve", description = "serve the live run page, REST API and /metrics while the run goes (serve.*; docs/serve.md)")
    boolean serve;

    @Override
    public Integer call() {
        var loaded = config.loadOrReport();
        if (loaded.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        if (!serve) {
            return InterruptibleRun.run(System.out, loaded.get(), Optional.empty()).exitCode();
        }
        Optional<LiveServer> server = Serving.start(loaded.get(), System.out, System.err);
        if (server.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        try (LiveServer running = server.get()) {
            return InterruptibleRun.run(System.out, loaded.get(), server).exitCode();
        }
    }
}
