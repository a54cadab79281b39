package org.tilemark.harness.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import picocli.CommandLine.Option;

/** The configuration file and the common knobs, turned into dotted overrides for the loader. */
class ConfigOptions {

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "YAML run configuration (defaults apply to everything it leaves out)")
    Path file;

    @Option(names = "--profile", paramLabel = "NAME", description = "run profile: quick (default) or standard, the run shape of a publishable result (run.profile; docs/run-rules.md)")
    String profile;

    @Option(names = "--tiles", paramLabel = "N", description = "tiles to deploy (run.tiles); in a search, the first tile count (search.startTiles)")
    String tiles;

    @Option(names = "--phases", paramLabel = "N", description = "measurement phases (run.phases)")
    String phases;

    @Option(names = "--phase-duration", paramLabel = "DURATION", description = "length of each phase, e.g. 60s (run.phaseDuration)")
    String phaseDuration;

    @Option(names = "--warmup", paramLabel = "DURATION", description = "warm-up before the first phase, e.g. 30s (run.warmup)")
    String warmup;

    @Option(names = "--results", paramLabel = "DIR", description = "where results bundles go (run.results)")
    String results;

    @Option(names = {"-s", "--set"}, paramLabel = "KEY=VALUE", description = "any other setting by key path, e.g. workloads.dvdstore.users=40")
    Map<String, String> settings = new LinkedHashMap<>();

    /**
     * The effective configuration with its paths checked on this machine, or empty after printing every
     * error (one line each) to stderr.
     */
    Optional<BenchmarkSpec> loadOrReport() {
        try {
            return Optional.of(Preflight.check(load()));
        } catch (ConfigException e) {
            e.errors().forEach(error -> System.err.println("error: " + error));
            return Optional.empty();
        }
    }

    BenchmarkSpec load() throws ConfigException {
        return load(Optional.ofNullable(file), Map.of());
    }

    /** The effective configuration with {@code extraSettings} applied last (a command's own settings). */
    BenchmarkSpec load(Map<String, String> extraSettings) throws ConfigException {
        return load(Optional.ofNullable(file), extraSettings);
    }

    /** The configuration from {@code configFile} with these options, then {@code extraSettings} on top. */
    BenchmarkSpec load(Optional<Path> configFile, Map<String, String> extraSettings) throws ConfigException {
        return ConfigLoader.load(configFile, overrides(extraSettings));
    }

    /** As {@link #load(Optional, Map)} with the configuration given as YAML text, named {@code source} in errors. */
    BenchmarkSpec loadText(String yaml, String source, Map<String, String> extraSettings) throws ConfigException {
        return ConfigLoader.loadText(yaml, source, overrides(extraSettings));
    }

    private Map<String, String> overrides(Map<String, String> extraSettings) {
        Map<String, String> overrides = new LinkedHashMap<>(settings);
        put(overrides, "run.profile", profile);
        put(overrides, "run.tiles", tiles);
        put(overrides, "run.phases", phases);
        put(overrides, "run.phaseDuration", phaseDuration);
        put(overrides, "run.warmup", warmup);
        put(overrides, "run.results", results);
        overrides.putAll(extraSettings);
        return overrides;
    }

    private static void put(Map<String, String> overrides, String key, String value) {
        if (value != null) {
            overrides.put(key, value);
        }
    }
}
