package org.tilemark.harness.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.harness.run.PhaseFit;
import org.tilemark.harness.run.RunOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Component
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a configuration and report every error at once (exit 2 if any).")
class ValidateCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = "--quick", description = "a quick try, not a benchmark run: a phase too short for the run rules is a warning, not an error")
    boolean quick;

    @Override
    public Integer call() {
        return config.loadOrReport().map(spec -> {
            Optional<String> tooShort = PhaseFit.tooShort(spec);
            if (tooShort.isPresent()) {
                System.err.println((quick ? "warning: " : "error: ") + tooShort.get());
                if (!quick) {
                    return RunOutcome.BAD_INPUT;
                }
            }
            System.out.println("configuration is valid: " + spec.run().tiles() + " tile(s), " + spec.run().phases()
                    + " phases of " + spec.run().phaseDuration().toSeconds() + "s on the " + spec.cluster().platform() + " platform");
            return 0;
        }).orElse(RunOutcome.BAD_INPUT);
    }
}
