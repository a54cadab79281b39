package org.tilemark.harness.cli;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.SearchSpec;
import org.tilemark.harness.search.SearchRun;

/**
 * A search's configuration as {@code tilemark search} makes it, for the command and for a search started through
 * the web app: the base checked by {@link Preflight}, and each step's configuration (the base with the step's tile
 * count and results directory), both ends of the tile range checked before anything starts.
 *
 * @param base  the search's configuration
 * @param steps each step's configuration
 * @param runs  an ordinary run's configuration at a tile count ({@code search --confirm}): the search's, without
 *              {@code --quick}'s shape, as {@code tilemark run} with the same options would run
 */
record SearchPlan(BenchmarkSpec base, SearchRun.StepSpecs steps, SearchRun.StepSpecs runs) {

    /** The configuration with these settings on top: the command's options, or a request's config and settings. */
    @FunctionalInterface
    interface Layers {
        BenchmarkSpec load(Map<String, String> settings) throws ConfigException;
    }

    /**
     * @param searchSettings the search's own settings ({@code search.startTiles} ...), applied last
     * @param quickUnlessSet {@code --quick}: the run keys search.quick shapes, except those already given; null for none
     */
    static SearchPlan of(Layers layers, Map<String, String> searchSettings, QuickShape quickUnlessSet) throws ConfigException {
        return of(layers, searchSettings, quickUnlessSet, false);
    }

    /** As above; with {@code confirm}, the confirming run's configuration is checked at both ends of the range too. */
    static SearchPlan of(Layers layers, Map<String, String> searchSettings, QuickShape quickUnlessSet, boolean confirm)
            throws ConfigException {
        Map<String, String> settings = new LinkedHashMap<>(searchSettings);
        BenchmarkSpec base = Preflight.check(layers.load(settings));
        Map<String, String> runSettings = Map.copyOf(settings);
        String results = base.run().results().toString();
        if (confirm) {
            layers.load(step(runSettings, base.search().startTiles(), results));
            layers.load(step(runSettings, base.search().maxTiles(), results));
        }
        if (quickUnlessSet != null) {
            settings.putAll(quickUnlessSet.settings(base.search().quick()));
        }
        // Both ends of the range are checked now, so no step can fail on its configuration later.
        layers.load(step(settings, base.search().startTiles(), results));
        layers.load(step(settings, base.search().maxTiles(), results));
        return new SearchPlan(base, (tiles, directory) -> layers.load(step(settings, tiles, directory.toString())),
                (tiles, directory) -> layers.load(step(runSettings, tiles, directory.toString())));
    }

    /** {@code --quick}: which of the run's shape the user gave already (those stay). */
    record QuickShape(boolean phasesGiven, boolean phaseDurationGiven, boolean warmupGiven) {
        Map<String, String> settings(SearchSpec.Quick shape) {
            Map<String, String> settings = new LinkedHashMap<>();
            if (!phasesGiven) {
                settings.put("run.phases", Integer.toString(shape.phases()));
            }
            if (!phaseDurationGiven) {
                settings.put("run.phaseDuration", millis(shape.phaseDuration()));
            }
            if (!warmupGiven) {
                settings.put("run.warmup", millis(shape.warmup()));
            }
            return settings;
        }
    }

    private static Map<String, String> step(Map<String, String> searchSettings, int tiles, String results) {
        Map<String, String> settings = new LinkedHashMap<>(searchSettings);
        settings.put("run.tiles", Integer.toString(tiles));
        settings.put("run.results", results);
        return settings;
    }

    private static String millis(Duration d) {
        return d.toMillis() + "ms";
    }
}
