package org.tilemark.harness.serve;

import java.util.Map;
import org.tilemark.config.ConfigException;

/**
 * What {@code POST /api/run} does: starts a run (or a search) from a configuration, checked as
 * {@code tilemark run} (or {@code search}) checks its input. One at a time.
 */
@FunctionalInterface
public interface RunLauncher {

    /** No run can be started here: {@code run --serve} already has its run. */
    RunLauncher NONE = request -> false;

    /**
     * What the request carries.
     *
     * @param config   YAML as a configuration file holds it, in place of the server's {@code -c}; null for none
     * @param settings dotted key paths to values, as {@code -s} gives them, applied last
     * @param search   a search ({@code tilemark search}) instead of one run
     * @param series   the search as a series of runs ({@code search --series}), not in one run
     */
    record RunRequest(String config, Map<String, String> settings, boolean search, boolean series) {
        public RunRequest {
            settings = settings == null ? Map.of() : Map.copyOf(settings);
        }
    }

    /**
     * Starts the run in the background; false when a run is already going.
     *
     * @throws ConfigException the configuration is bad input (every error, each naming its key); nothing started
     */
    boolean launch(RunRequest request) throws ConfigException;
}
