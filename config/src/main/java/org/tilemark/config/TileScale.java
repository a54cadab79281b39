package org.tilemark.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code run.tileScale}: a tile at a fraction (or a multiple) of the calibrated standard tile. Every
 * scored workload's users and its reference scale together, so a tile that keeps up scores about 1.0 at
 * any scale; only scale 1 is publishable (docs/run-rules.md).
 */
public final class TileScale {

    /** The standard tile: the calibrated load of docs/workloads.md. */
    public static final double STANDARD = 1.0;
    /** Largest scale accepted: a sanity limit (the users it asks for stay under the per-tile user limit). */
    static final double MAX = 100;

    private TileScale() {
    }

    /** The scale as the score line and the report print it: {@code 1}, {@code 0.07}. */
    public static String format(double scale) {
        return java.math.BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString();
    }

    /**
     * "tile scale 0.07": how a headline (the run's score line, search's, compare's verdict) names the scale,
     * so a scaled tile's result is never quoted as a standard one.
     */
    public static String phrase(double scale) {
        return "tile scale " + format(scale);
    }

    /**
     * {@link #phrase}, and for any scale but 1 that the result is not publishable: for a headline that does
     * not list publishability otherwise. Scale 1 alone does not make a result publishable (the profile and
     * every other rule still apply), so it adds nothing.
     */
    public static String phraseWithPublishability(double scale) {
        return phrase(scale) + (scale == STANDARD ? "" : ", not publishable (only " + phrase(STANDARD) + " is)");
    }

    /** Users at {@code scale}: {@code round(configured x scale)}, at least 1, so each workload still runs. */
    public static int users(int configured, double scale) {
        return users(configured, scale, 1);
    }

    /**
     * Users at {@code scale} for a workload that needs at least {@code floor} users to be measured (or all it
     * is configured with, if fewer): {@code max(min(configured, floor), round(configured x scale))}.
     */
    public static int users(int configured, double scale, int floor) {
        long scaled = Math.max(Math.min(configured, floor), Math.round(configured * scale));
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, scaled));
    }

    /**
     * The reference for the users actually run, {@code configured x users / configuredUsers}, where
     * {@code users} is what {@link #users} gave: scaling by the rounded users rather than by {@code scale}
     * keeps reference and offered load in step, so rounding (or a floor) never moves the score.
     */
    public static double reference(double configured, int configuredUsers, int users) {
        return configured * users / configuredUsers;
    }

    /**
     * The spec the workloads run: each workload's section at {@code run.tileScale} as its {@link WorkloadConfig#atScale}
     * says (the scored ones' users and references), everything else as configured. Its own {@code tileScale} is 1 (its users are already scaled), so
     * applying it twice changes nothing.
     */
    public static BenchmarkSpec apply(BenchmarkSpec spec) {
        RunSpec run = spec.run();
        double scale = run.tileScale();
        if (scale == STANDARD) {
            return spec;
        }
        Map<String, Record> scaled = new LinkedHashMap<>();
        spec.workloads().sections().forEach((name, section) -> scaled.put(name, WorkloadConfigs.installed().find(name)
                .map(workload -> WorkloadConfigs.atScale(workload, section, scale)).orElse(section)));
        RunSpec unscaled = new RunSpec(run.profile(), run.tiles(), STANDARD, run.phases(), run.phaseDuration(), run.warmup(),
                run.interval(), run.results(), run.stateDir(), run.seed(), run.provisionTimeout());
        return new BenchmarkSpec(unscaled, spec.cluster(),
                new WorkloadsSpec(scaled),
                spec.infra(), spec.storage(), spec.search(), spec.serve());
    }
}
