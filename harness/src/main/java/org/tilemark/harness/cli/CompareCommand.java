package org.tilemark.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.harness.compare.CompareSession;
import org.tilemark.harness.compare.SideConfig;
import org.tilemark.harness.run.RunOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Component
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"B against A: per-workload throughput and latency, infrastructure operations, score and CPU, "
                + "each with a 95 %% confidence interval, and whether the difference exceeds run-to-run noise.",
            "A and B are two results bundles (or directories of bundles) to compare as they are, or two YAML "
                + "configurations to run interleaved A B A B; or leave them out and give -a/-b settings on top "
                + "of -c.",
            "Example: tilemark compare -b cluster.local.datastores.app=/mnt/slow/app --repetitions 2 --phase-duration 30s"})
class CompareCommand implements Callable<Integer> {
    static final String RESULTS_DEFAULT = "results";

    @Parameters(arity = "0..2", paramLabel = "A B", description = "two bundles (directories with score.json), or two YAML configurations")
    List<Path> sides = List.of();

    @Option(names = {"-a", "--set-a"}, paramLabel = "KEY=VALUE", description = "a setting for A only, e.g. cluster.local.datastores.app=/mnt/fast/app")
    Map<String, String> settingsA = new LinkedHashMap<>();

    @Option(names = {"-b", "--set-b"}, paramLabel = "KEY=VALUE", description = "a setting for B only, e.g. cluster.local.datastores.app=/mnt/slow/app")
    Map<String, String> settingsB = new LinkedHashMap<>();

    @Option(names = "--repetitions", paramLabel = "N", defaultValue = "2",
            description = "runs of each configuration, interleaved A B A B (default: ${DEFAULT-VALUE})")
    int repetitions;

    @Mixin
    ConfigOptions config;

    @Override
    public Integer call() {
        System.setProperty("java.awt.headless", "true"); // charts are drawn without a display
        CompareSession session = new CompareSession(System.out, System.err, spec -> InterruptibleRun.run(System.out, spec));
        if (sides.size() == 1) {
            return bad("give both A and B (or neither, with -a/-b settings)");
        }
        for (int i = 0; i < sides.size(); i++) { // each side is named by its own fault
            if (!Files.isDirectory(sides.get(i)) && !Files.isRegularFile(sides.get(i))) {
                return bad((i == 0 ? "A" : "B") + ": " + sides.get(i) + " is neither a results bundle directory nor a configuration file");
            }
        }
        if (sides.size() == 2 && Files.isDirectory(sides.get(0)) != Files.isDirectory(sides.get(1))) {
            return bad("A and B must both be results bundles or both configurations (" + sides.get(0) + ", " + sides.get(1) + ")");
        }
        if (sides.size() == 2 && Files.isDirectory(sides.get(0)) && Files.isDirectory(sides.get(1))) {
            if (!settingsA.isEmpty() || !settingsB.isEmpty()) {
                return bad("-a/-b settings apply to configurations to run, not to existing bundles");
            }
            return session.compareBundles(sides.get(0), sides.get(1),
                    Path.of(config.results == null ? RESULTS_DEFAULT : config.results));
        }
        if (sides.isEmpty() && settingsA.isEmpty() && settingsB.isEmpty()) {
            return bad("nothing to compare: give A and B, or -a/-b settings that tell them apart");
        }
        Optional<BenchmarkSpec> a = load("A", 0, settingsA);
        Optional<BenchmarkSpec> b = a.isEmpty() ? Optional.empty() : load("B", 1, settingsB);
        if (b.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        return session.compareConfigs(writingInto(0, settingsA), writingInto(1, settingsB), repetitions,
                a.get().run().results());
    }

    /** Side i's configuration: its own YAML file when given, else -c; then the common options and its -a/-b. */
    private Optional<BenchmarkSpec> load(String side, int index, Map<String, String> own) {
        if (!sides.isEmpty() && !Files.isRegularFile(sides.get(index))) {
            System.err.println("error: " + side + ": " + sides.get(index)
                    + " is neither a results bundle directory nor a configuration file");
            return Optional.empty();
        }
        try {
            return Optional.of(Preflight.check(config.load(fileOf(index), own)));
        } catch (ConfigException e) {
            e.errors().forEach(error -> System.err.println("error: " + side + ": " + error));
            return Optional.empty();
        }
    }

    private Optional<Path> fileOf(int index) {
        return sides.isEmpty() ? Optional.ofNullable(config.file) : Optional.of(sides.get(index));
    }

    /** The side's configuration again, its bundles going where compare says; it loaded once already. */
    private SideConfig writingInto(int index, Map<String, String> own) {
        return results -> {
            Map<String, String> settings = new LinkedHashMap<>(own);
            settings.put("run.results", results.toString());
            try {
                return config.load(fileOf(index), settings);
            } catch (ConfigException e) {
                throw new IllegalStateException("the configuration loaded before: " + e.getMessage(), e);
            }
        };
    }

    private static int bad(String message) {
        System.err.println("error: " + message);
        return RunOutcome.BAD_INPUT;
    }
}
