package org.tilemark.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** The platform configurations found on the class path, by name. */
final class PlatformConfigs {

    private final List<PlatformConfig<?>> found;

    private PlatformConfigs(List<PlatformConfig<?>> found) {
        this.found = List.copyOf(found);
    }

    static PlatformConfigs load() {
        List<PlatformConfig<?>> configs = new ArrayList<>();
        ServiceLoader.load(PlatformConfig.class).forEach(configs::add);
        return new PlatformConfigs(configs);
    }

    /** None: for binding a record that has no platform section (a workload's own defaults). */
    static PlatformConfigs none() {
        return new PlatformConfigs(List.of());
    }

    List<PlatformConfig<?>> all() {
        return found;
    }

    List<String> names() {
        return found.stream().map(PlatformConfig::name).sorted().toList();
    }

    Optional<PlatformConfig<?>> find(String name) {
        return found.stream().filter(config -> config.name().equals(name)).findFirst();
    }

    /** The error for a platform name no provider answers to, listing those found. */
    static String unknown(String name, List<String> names) {
        return "cluster.platform: unknown platform '" + name + "' (platforms found: "
                + (names.isEmpty() ? "none on the class path" : String.join(", ", names)) + ")";
    }

    /** Runs the platform's checks on its section (the cast is safe: the binder built it from sectionType()). */
    static <S extends Record> void validate(PlatformConfig<S> config, Record section, SectionChecks checks) {
        config.validate(config.sectionType().cast(section), checks);
    }

    /** Runs the platform's path checks on its section. */
    static <S extends Record> void checkMachine(PlatformConfig<S> config, Record section, MachineChecks checks) {
        config.checkMachine(config.sectionType().cast(section), checks);
    }
}
