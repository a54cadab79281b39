package org.tilemark.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Loads a {@link BenchmarkSpec} from four layers: the built-in {@code tilemark/defaults.yaml}, the
 * profile's settings ({@link RunProfiles}: the one {@code run.profile} names in the file or the
 * overrides), the user's (partial) YAML file deep-merged onto them, then dotted-path overrides such as
 * {@code run.tiles=2}.
 */
public final class ConfigLoader {

    private ConfigLoader() {
    }

    /**
     * @param file      the user's YAML file, if any
     * @param overrides dotted key path to value, e.g. {@code run.phaseDuration -> 30s}; applied in iteration order
     * @throws ConfigException listing every problem found: unknown keys, type errors and range violations
     *                         together, or the single reason the file could not be read or parsed
     */
    public static BenchmarkSpec load(Optional<Path> file, Map<String, String> overrides) throws ConfigException {
        Objects.requireNonNull(file, "file");
        YamlTrees trees = new YamlTrees();
        return load(trees, file.isPresent() ? Optional.of(trees.readFile(file.get())) : Optional.empty(), overrides);
    }

    /**
     * As {@link #load(Optional, Map)} with the user's configuration given as YAML text instead of a file
     * (a run started through the web app); {@code source} names it in errors.
     */
    public static BenchmarkSpec loadText(String yaml, String source, Map<String, String> overrides) throws ConfigException {
        YamlTrees trees = new YamlTrees();
        return load(trees, Optional.of(trees.readText(yaml, source)), overrides);
    }

    private static BenchmarkSpec load(YamlTrees trees, Optional<ObjectNode> user, Map<String, String> overrides)
            throws ConfigException {
        Objects.requireNonNull(overrides, "overrides");
        PlatformConfigs platforms = PlatformConfigs.load();
        ObjectNode merged = defaults(trees, platforms);
        String profile = overrides.getOrDefault("run.profile",
                user.map(u -> u.path("run").path("profile").asText(null)).orElse(merged.path("run").path("profile").asText()));
        RunProfiles.layer(trees, profile).ifPresent(layer -> YamlTrees.deepMerge(merged, layer));
        user.ifPresent(u -> YamlTrees.deepMerge(merged, u));
        return bind(merged, overrides, platforms, true);
    }

    /**
     * Loads a configuration tree already parsed, e.g. the snapshot a results bundle keeps (see
     * {@link ConfigWriter#toMap}), merged onto the defaults like a file; keys older versions recorded
     * are read as their replacements ({@link RetiredKeys}).
     */
    public static BenchmarkSpec load(ObjectNode tree) throws ConfigException {
        Objects.requireNonNull(tree, "tree");
        PlatformConfigs platforms = PlatformConfigs.load();
        ObjectNode merged = defaults(new YamlTrees(), platforms);
        ObjectNode snapshot = tree.deepCopy();
        RetiredKeys.upgrade(snapshot);
        YamlTrees.deepMerge(merged, snapshot);
        return bind(merged, Map.of(), platforms, false);
    }

    /**
     * The built-in defaults with every platform's own section ({@code cluster.<name>}) as its provider defines it,
     * and every workload's ({@code workloads.<name>}) as its {@link WorkloadConfig} does.
     */
    private static ObjectNode defaults(YamlTrees trees, PlatformConfigs platforms) {
        ObjectNode merged = trees.defaults();
        ObjectNode cluster = (ObjectNode) merged.get("cluster");
        for (PlatformConfig<?> platform : platforms.all()) {
            cluster.set(platform.name(), YamlTrees.tree(ConfigWriter.sectionToMap(platform.defaults())));
        }
        ObjectNode workloads = merged.putObject("workloads");
        for (WorkloadConfig<?> workload : WorkloadConfigs.installed().all()) {
            workloads.set(workload.name(), YamlTrees.tree(ConfigWriter.sectionToMap(workload.defaults())));
        }
        return merged;
    }

    private static BenchmarkSpec bind(ObjectNode merged, Map<String, String> overrides, PlatformConfigs platforms,
            boolean userInput) throws ConfigException {
        List<String> errors = new ArrayList<>(YamlTrees.applyOverrides(merged, overrides));

        WorkloadConfigs workloads = WorkloadConfigs.installed();
        SpecBinder binder = new SpecBinder(new KeySuggestions(BenchmarkSpec.class, platforms, workloads), platforms,
                workloads, defaults(new YamlTrees(), platforms), userInput);
        BenchmarkSpec spec = binder.bind(BenchmarkSpec.class, merged);
        errors.addAll(binder.errors());
        errors.addAll(new SpecValidator(binder.failedPaths(), platforms, workloads).validate(spec));
        if (!errors.isEmpty()) {
            throw new ConfigException(errors);
        }
        return spec;
    }

    /** The standard profile alone: every setting at its standard value (docs/run-rules.md). */
    public static BenchmarkSpec standard() {
        try {
            return load(Optional.empty(), Map.of("run.profile", RunProfiles.STANDARD));
        } catch (ConfigException e) {
            throw new IllegalStateException("built-in standard profile is invalid:\n" + e.getMessage(), e);
        }
    }

    /** The built-in defaults alone. */
    public static BenchmarkSpec defaults() {
        try {
            return load(Optional.empty(), Map.of());
        } catch (ConfigException e) {
            throw new IllegalStateException("built-in defaults are invalid:\n" + e.getMessage(), e);
        }
    }

    /**
     * {@code spec} checked on this machine, before a command that uses it starts: its paths (see
     * {@link MachineChecks}) and the bounds the machine sets ({@link MachineBounds}). Not part of {@link #load},
     * which also reads configurations recorded elsewhere.
     */
    public static List<String> machineErrors(BenchmarkSpec spec) {
        List<String> errors = new ArrayList<>();
        MachineBounds.ofThisMachine().check(spec, errors);
        MachineChecks paths = MachineChecks.top(errors);
        paths.writableDirectory("run.results", spec.run().results(), true);
        paths.distinct("run.results", spec.run().results());
        paths.writableDirectory("run.stateDir", spec.run().stateDir(), true);
        for (WorkloadConfig<?> workload : WorkloadConfigs.installed().all()) {
            spec.workloads().section(workload.name()).ifPresent(section ->
                    WorkloadConfigs.checkMachine(workload, section, paths.section("workloads." + workload.name())));
        }
        paths.secretFile("serve.tokenFile", spec.serve().tokenFile());
        if (errors.stream().noneMatch(error -> error.startsWith("storage."))) { // one error per storage setting
            storageDisks(spec.storage(), paths);
        }
        ClusterSpec cluster = spec.cluster();
        PlatformConfigs.load().find(cluster.platform()).ifPresent(platform -> PlatformConfigs.checkMachine(platform,
                cluster.section(), paths.section("cluster." + cluster.platform())));
        return List.copyOf(errors);
    }

    /** The I/O VMs' data disks, on the datastore {@code storage} names: the platform bounds them by its size. */
    private static void storageDisks(StorageSpec storage, MachineChecks checks) {
        long each;
        try {
            each = DataSizes.parseBytes(storage.diskSize());
        } catch (IllegalArgumentException | NullPointerException notCountable) {
            return; // MachineBounds says so
        }
        if (each > MachineBounds.MAX_DISK_BYTES || storage.datastore() == null) {
            return; // MachineBounds says so; one error per key
        }
        long all;
        try {
            all = Math.multiplyExact(Math.multiplyExact(each, (long) storage.vms()), (long) storage.disksPerVm());
        } catch (ArithmeticException overflow) {
            all = Long.MAX_VALUE;
        }
        checks.demand(storage.datastore(), new MachineChecks.DatastoreDemand("storage.diskSize", all, "storage.vms ("
                + storage.vms() + ") x storage.disksPerVm (" + storage.disksPerVm() + ") data disks of " + Messages.clip(storage.diskSize())));
    }
}
