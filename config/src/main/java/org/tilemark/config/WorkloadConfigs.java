package org.tilemark.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The workload configurations found on the class path, in the order of their names (the order of
 * {@code workloads} in a snapshot and of every check). Loaded once: what is on the class path does not change.
 */
public final class WorkloadConfigs {

    private static final class Installed {
        static final WorkloadConfigs FOUND = load();
    }

    private final List<WorkloadConfig<?>> found;

    private WorkloadConfigs(List<WorkloadConfig<?>> found) {
        this.found = List.copyOf(found);
    }

    /** The workloads on the class path. */
    public static WorkloadConfigs installed() {
        return Installed.FOUND;
    }

    private static WorkloadConfigs load() {
        List<WorkloadConfig<?>> configs = new ArrayList<>();
        ServiceLoader.load(WorkloadConfig.class).forEach(configs::add);
        configs.sort(Comparator.comparing(WorkloadConfig::name));
        return new WorkloadConfigs(configs);
    }

    /** None: for binding a record that has no workload sections (a workload's own defaults). */
    static WorkloadConfigs none() {
        return new WorkloadConfigs(List.of());
    }

    public List<WorkloadConfig<?>> all() {
        return found;
    }

    public List<String> names() {
        return found.stream().map(WorkloadConfig::name).toList();
    }

    public Optional<WorkloadConfig<?>> find(String name) {
        return found.stream().filter(config -> config.name().equals(name)).findFirst();
    }

    // The casts below are safe: the binder built each section from its config's sectionType().

    static <S extends Record> void validate(WorkloadConfig<S> config, Record section, SectionChecks checks) {
        config.validate(config.sectionType().cast(section), checks);
    }

    static <S extends Record> Record atScale(WorkloadConfig<S> config, Record section, double scale) {
        return config.atScale(config.sectionType().cast(section), scale);
    }

    static <S extends Record> Map<String, Integer> users(WorkloadConfig<S> config, Record section) {
        return config.users(config.sectionType().cast(section));
    }

    static <S extends Record> void checkMachine(WorkloadConfig<S> config, Record section, MachineChecks checks) {
        config.checkMachine(config.sectionType().cast(section), checks);
    }

    /** The servers {@code section} points at ({@link WorkloadConfig#externalServers}). */
    public static <S extends Record> List<WorkloadConfig.ExternalServer> externalServers(WorkloadConfig<S> config,
            Record section) {
        return config.externalServers(config.sectionType().cast(section));
    }
}
