package org.tilemark.workloads;

import java.util.function.Supplier;
import org.tilemark.config.SectionDefaults;

/**
 * What a workload whose commented defaults live in {@code defaults.yaml} beside its provider says like every other
 * such workload: its section's name, record type and defaults, and the workload itself. The rest of
 * {@link WorkloadProvider} (roles, validation, scaling, publishing, view) stays the workload's own.
 */
public abstract class YamlDefaultsProvider<S extends Record> implements WorkloadProvider<S> {

    private final String name;
    private final Class<S> sectionType;
    private final S defaults;
    private final Supplier<Workload> workload;

    protected YamlDefaultsProvider(String name, Class<S> sectionType, Supplier<Workload> workload) {
        this.name = name;
        this.sectionType = sectionType;
        this.defaults = SectionDefaults.fromYaml(sectionType, getClass(), "defaults.yaml");
        this.workload = workload;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Class<S> sectionType() {
        return sectionType;
    }

    @Override
    public final S defaults() {
        return defaults;
    }

    @Override
    public final Workload workload() {
        return workload.get();
    }
}
