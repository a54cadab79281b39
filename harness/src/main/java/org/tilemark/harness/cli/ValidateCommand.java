package org.tilemark.harness.cli;

import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.harness.run.RunOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Component
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a configuration and report every error at once (exit 2 if any).")
class ValidateCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Override
    public Integer call() {
        return config.loadOrReport().map(spec -> {
            System.out.println("configuration is valid: " + spec.run().tiles() + " tile(s), " + spec.run().phases()
                    + " phases of " + spec.run().phaseDuration().toSeconds() + "s on the " + spec.cluster().platform() + " platform");
            return 0;
        }).orElse(RunOutcome.BAD_INPUT);
    }
}
