package org.tilemark.config;

import com.fasterxml.jackson.databind.node.MissingNode;

/** A section's built-in values kept as YAML beside the code that owns them (a workload's {@code defaults.yaml}). */
public final class SectionDefaults {

    private SectionDefaults() {
    }

    /**
     * The YAML resource {@code name}, resolved as {@code anchor}'s resources are (a bare name is beside its class),
     * bound onto {@code type} as strictly as a user's file: a built-in that does not bind is a bug, never input.
     */
    public static <S extends Record> S fromYaml(Class<S> type, Class<?> anchor, String name) {
        YamlTrees trees = new YamlTrees();
        SpecBinder binder = new SpecBinder(new KeySuggestions(type, PlatformConfigs.none(), WorkloadConfigs.none()),
                PlatformConfigs.none(), WorkloadConfigs.none(), MissingNode.getInstance(), true);
        S bound = binder.bind(type, trees.resource(anchor, name));
        if (!binder.errors().isEmpty()) {
            throw new IllegalStateException("built-in " + name + " of " + anchor.getName() + " is invalid: "
                    + String.join("; ", binder.errors()));
        }
        return bound;
    }
}
