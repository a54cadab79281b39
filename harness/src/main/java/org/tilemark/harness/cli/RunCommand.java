package org.tilemark.harness.cli;

import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
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
        var loaded = config.loadOrReport();
        if (loaded.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        return InterruptibleRun.run(System.out, loaded.get()).exitCode();
    }
}
