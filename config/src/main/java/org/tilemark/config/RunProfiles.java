package org.tilemark.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fixed set of run profiles ({@code run.profile}). A profile is a layer of settings between the
 * built-in defaults and the user's file: {@code standard} sets the run shape of a publishable result
 * (docs/run-rules.md), {@code quick} keeps the defaults' short phases.
 */
public final class RunProfiles {

    /** The profile a publishable result is run with. */
    public static final String STANDARD = "standard";
    public static final String QUICK = "quick";
    private static final Map<String, String> LAYERS = Map.of(
            QUICK, "/tilemark/profiles/quick.yaml",
            STANDARD, "/tilemark/profiles/standard.yaml");

    private RunProfiles() {
    }

    public static List<String> names() {
        return LAYERS.keySet().stream().sorted().toList();
    }

    static boolean known(String name) {
        return LAYERS.containsKey(name);
    }

    /** The profile's layer of settings; empty for a name that is not a profile (validation names it). */
    static Optional<ObjectNode> layer(YamlTrees trees, String name) {
        return Optional.ofNullable(LAYERS.get(name)).map(trees::resource);
    }
}
