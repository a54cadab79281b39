package org.tilemark.harness.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import java.util.List;
import org.tilemark.config.RunProfiles;
import org.tilemark.harness.report.Publishability;
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
            if (spec.run().profile().equals(RunProfiles.STANDARD)) {
                // valid, but a result would not be publishable: say so now, not after an hour's run
                List<String> relaxed = Publishability.departures(spec);
                if (!relaxed.isEmpty()) {
                    System.err.println("warning: not publishable: " + String.join("; ", relaxed));
                }
            }
            System.out.println("configuration is valid: " + spec.run().tiles() + " tile(s), " + spec.run().phases()
                    + " phases of " + spec.run().phaseDuration().toSeconds() + "s on the " + spec.cluster().platform() + " platform");
            return 0;
        }).orElse(RunOutcome.BAD_INPUT);
    }
}
