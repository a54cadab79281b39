package org.tilemark.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The workloads that make up one tile: each workload's own section ({@code workloads.<name>}) by name, bound onto
 * the record type its {@link WorkloadConfig} defines.
 */
public record WorkloadsSpec(@WorkloadSections Map<String, Record> sections) {

    public WorkloadsSpec {
        sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
    }

    /** The section of the workload {@code name}, if it is on the class path. */
    public Optional<Record> section(String name) {
        return Optional.ofNullable(sections.get(name));
    }

    /** The one section of type {@code type}: how a workload reads its own settings. */
    public <S extends Record> S section(Class<S> type) {
        return sections.values().stream().filter(type::isInstance).map(type::cast).findFirst()
                .orElseThrow(() -> new IllegalStateException("no workload section of type " + type.getSimpleName()
                        + " (workloads found: " + String.join(", ", sections.keySet()) + ")"));
    }

    /** These sections with {@code name}'s replaced by {@code section}. */
    public WorkloadsSpec with(String name, Record section) {
        Map<String, Record> changed = new LinkedHashMap<>(sections);
        changed.put(name, section);
        return new WorkloadsSpec(changed);
    }
}
