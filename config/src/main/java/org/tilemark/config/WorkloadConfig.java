package org.tilemark.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The configuration side of a workload: its own section {@code workloads.<name>}, bound onto the record type
 * {@link #sectionType()} and checked by {@link #validate}, with what the rest of the harness asks of a workload's
 * settings (tile scale, machine bounds, publishability, the report's view of it). Found with ServiceLoader
 * (register the implementation in {@code META-INF/services/org.tilemark.config.WorkloadConfig}), as a platform's
 * {@link PlatformConfig} is; the workloads module's {@code WorkloadProvider} extends it with the workload itself,
 * so a workload is one package plus that one registration.
 *
 * @param <S> the section's record type; its components are the section's keys, bound like every other spec record
 */
public interface WorkloadConfig<S extends Record> {

    /** The workload's name: the key of its section under {@code workloads} and its name in results. */
    String name();

    Class<S> sectionType();

    /**
     * The section's built-in values; a user's file and command-line overrides go on top, key by key. A workload
     * with many settings keeps them as YAML beside it ({@link SectionDefaults#fromYaml}).
     */
    S defaults();

    /**
     * Range and consistency checks of a bound section, each reported through {@code checks} with the key relative
     * to the section. Only checks of the values themselves: this also runs when a results bundle recorded
     * elsewhere is read.
     */
    void validate(S section, SectionChecks checks);

    /**
     * The section at {@code run.tileScale} {@code scale} ({@link TileScale}): a scored workload scales its users and
     * its reference together; by default nothing changes (an unscored workload such as the standby server).
     */
    default S atScale(S section, double scale) {
        return section;
    }

    /** Users per tile as configured, by key relative to the section: bounded per tile at run.tileScale. */
    default Map<String, Integer> users(S section) {
        return Map.of();
    }

    /** The section checked on this machine before a command starts: e.g. its secret files ({@link MachineChecks}). */
    default void checkMachine(S section, MachineChecks checks) {
    }

    /**
     * Servers outside any VM the section points at, in the order to try them: a command checks they answer before
     * it starts, and reports only the first of a workload's that does not (one server often serves several).
     */
    default List<ExternalServer> externalServers(S section) {
        return List.of();
    }

    /** Rewrites keys an older version recorded in a results bundle's snapshot of this section to today's. */
    default void upgradeSnapshot(ObjectNode section) {
    }

    /** Which of the section's settings a publishable result may change, and which are QoS thresholds. */
    default Publishing publishing() {
        return Publishing.NONE;
    }

    /** How reports show the workload beyond their generic tables. */
    default View view() {
        return View.GENERIC;
    }

    /** A server a setting names: {@code key} relative to the section. */
    record ExternalServer(String key, String host, int port) {
    }

    /**
     * The run rules of a section (docs/run-rules.md), keys relative to it: {@code free} the tester's own (where
     * a server is, credentials), {@code looserWhenLarger}/{@code looserWhenSmaller} thresholds a publishable run
     * may make stricter but never looser. Every other key must keep its standard value; a key starting with
     * {@code reference} never changes, and the shared {@link QosSpec} keys are judged for every workload.
     */
    record Publishing(List<String> free, List<String> looserWhenLarger, List<String> looserWhenSmaller) {

        public static final Publishing NONE = new Publishing(List.of(), List.of(), List.of());

        public Publishing {
            free = List.copyOf(free);
            looserWhenLarger = List.copyOf(looserWhenLarger);
            looserWhenSmaller = List.copyOf(looserWhenSmaller);
        }
    }

    /**
     * @param keyOperation the operation the report puts first and highlights (mail's {@code send}), if any
     * @param summary      a one-line summary of answered attempts instead of the workload's generic rows, if any
     * @param loadShape    where the shape of the offered load comes from, when the report must say it (DVD Store's
     *                     bursts are Tilemark's), if any
     */
    record View(Optional<String> keyOperation, Optional<AnsweredSummary> summary, Optional<LoadShapeOrigin> loadShape) {

        public static final View GENERIC = new View(Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * "load shape: bursty — Tilemark's: ...": {@code key} (relative to the section) is the setting naming the shape
     * as recorded; {@code origin} says where the shape comes from and how QoS treats it.
     */
    record LoadShapeOrigin(String key, String origin) {
    }

    /**
     * "standby: 60 of 60 beats answered within 1 s (100 %)": {@code units} names the attempts; {@code timeoutKey}
     * (relative to the section) is the setting whose value "within" quotes from the recorded configuration.
     */
    record AnsweredSummary(String units, String timeoutKey) {
    }
}
