package org.tilemark.harness.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import java.util.List;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.RunProfiles;
import org.tilemark.harness.report.Publishability;
import org.tilemark.harness.run.PhaseFit;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettingException;
import org.tilemark.infra.platform.PlatformUnreachableException;
import org.tilemark.infra.platform.Platforms;
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
            Optional<Integer> refused = platformPreflight(spec.cluster());
            if (refused.isPresent()) {
                return refused.get();
            }
            System.out.println("configuration is valid: " + spec.run().tiles() + " tile(s), " + spec.run().phases()
                    + " phases of " + spec.run().phaseDuration().toSeconds() + "s on the " + spec.cluster().platform() + " platform");
            return 0;
        }).orElse(RunOutcome.BAD_INPUT);
    }

    /**
     * The platform's own checks where it answers (vSphere: login, the inventory the settings name, the user's
     * privileges), as a run makes them at connect, creating nothing; an unreachable platform is a warning, so a
     * file can be checked away from its cluster. The exit code when the platform refuses the settings.
     */
    private static Optional<Integer> platformPreflight(ClusterSpec cluster) {
        try {
            Platforms.preflight(cluster).ifPresent(line -> System.out.println("platform checked: " + line));
            return Optional.empty();
        } catch (PlatformUnreachableException e) {
            System.err.println("warning: " + e.getMessage() + ": the platform's own checks were not made");
            return Optional.empty();
        } catch (PlatformSettingException e) {
            System.err.println("error: " + e.getMessage());
            return Optional.of(RunOutcome.BAD_INPUT);
        } catch (PlatformException e) {
            System.err.println("error: platform " + cluster.platform() + ": " + e.getMessage());
            return Optional.of(RunOutcome.RUNTIME_FAILURE);
        }
    }
}
