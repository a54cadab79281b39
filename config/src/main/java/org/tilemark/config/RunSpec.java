package org.tilemark.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How a run is shaped in time.
 *
 * @param profile          one of {@link RunProfiles#names()}: {@code quick} by default, {@code standard} for a publishable run
 * @param tiles            number of tiles to deploy and drive
 * @param tileScale        every scored workload's users and reference times this ({@link TileScale}); 1 is
 *                         the calibrated tile of the standard profile, and only 1 is publishable
 * @param phases           number of measured phases
 * @param phaseDuration    length of one measured phase; a whole multiple of {@code interval}
 * @param warmup           load applied before the first phase and not scored (may be zero)
 * @param interval         metrics interval: histograms are cut and shipped at this cadence
 * @param results          directory in which the run's results bundle is created
 * @param stateDir         the harness's own state kept between runs (generated secrets); a platform keeps
 *                         its VMs and templates where its own section says
 * @param seed             seed for every random choice of the run, so runs are repeatable
 * @param provisionTimeout how long provisioning the tiles may take before the run is abandoned
 */
public record RunSpec(String profile, int tiles, double tileScale, int phases, Duration phaseDuration, Duration warmup,
        Duration interval, Path results, Path stateDir, long seed, Duration provisionTimeout) {
}
