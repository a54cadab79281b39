package org.tilemark.config;

/**
 * The configuration side of a platform: its own section {@code cluster.<name>}, bound onto the record
 * type {@link #sectionType()} and checked by {@link #validate}. Found with ServiceLoader (register the
 * implementation in {@code META-INF/services/org.tilemark.config.PlatformConfig}); {@code cluster.platform}
 * names the one a run uses. A platform provider in infra-ops implements this together with creating the
 * platform, so a platform is one package plus that one registration.
 *
 * @param <S> the section's record type; its components are the section's keys, bound like every other spec
 *            record (nested records, maps, durations, paths)
 */
public interface PlatformConfig<S extends Record> {

    /** The platform's name: the value of {@code cluster.platform} and the key of its section. */
    String name();

    Class<S> sectionType();

    /** The section's built-in values; a user's file and command-line overrides go on top, key by key. */
    S defaults();

    /**
     * Range and consistency checks of a bound section, each reported through {@code checks} with the key
     * relative to the section (the full path is added). Only checks of the values themselves: this runs
     * wherever a configuration is loaded, also when a results bundle recorded elsewhere is read, so
     * whether a host answers or a directory exists is for creating the platform to say.
     */
    void validate(S section, SectionChecks checks);

    /**
     * The section checked on this machine before a command that uses the platform starts: its paths
     * (each must exist or be creatable, be a directory and writable) and bounds the machine sets
     * ({@link MachineChecks}). Creates nothing; not run when a configuration recorded elsewhere is read.
     */
    default void checkMachine(S section, MachineChecks checks) {
    }
}
