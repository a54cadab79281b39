package org.tilemark.harness.compare;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tilemark.config.TileScale;

/** The one-line answer: is B different from A beyond run-to-run noise, and in which direction. */
record CompareVerdict(Outcome outcome, String line) {

    /** At most this many moved metrics are named in the line; compare.csv has them all. */
    static final int NAMED_METRICS = 4;

    enum Outcome {
        B_SLOWER, B_FASTER, METRICS_DIFFER, NO_SIGNIFICANT_DIFFERENCE;

        String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    static CompareVerdict of(Comparison comparison) {
        CompareVerdict verdict = judged(comparison);
        return new CompareVerdict(verdict.outcome(), verdict.line() + scales(comparison));
    }

    private static CompareVerdict judged(Comparison comparison) {
        Optional<MetricDelta> score = comparison.score();
        List<MetricDelta> moved = comparison.movedMetrics();
        String scoreText = score.map(CompareVerdict::scoreText).orElse("score not recorded");
        if (score.isPresent() && score.get().significant()) {
            boolean slower = score.get().worseForB();
            List<MetricDelta> agreeing = moved.stream().filter(d -> d.worseForB() == slower).toList();
            WelchTest.Difference d = score.get().difference();
            return new CompareVerdict(slower ? Outcome.B_SLOWER : Outcome.B_FASTER, String.format(Locale.ROOT,
                    "B vs A: score %s (%.0f %% CI %s), significant: B is %s%s%s", Percent.signed(d.percent()),
                    100 * d.level(), Percent.range(d.percentLow(), d.percentHigh()), slower ? "slower" : "faster",
                    named(agreeing), unit(score.get())));
        }
        if (!moved.isEmpty()) {
            return new CompareVerdict(Outcome.METRICS_DIFFER, "B vs A: no significant score difference ("
                    + scoreText + "), but B " + direction(moved) + " in " + moved.size() + " metric"
                    + (moved.size() == 1 ? "" : "s") + named(moved) + score.map(CompareVerdict::unit).orElse(""));
        }
        return new CompareVerdict(Outcome.NO_SIGNIFICANT_DIFFERENCE,
                "B vs A: no significant difference (" + scoreText + ")" + score.map(CompareVerdict::unit).orElse(""));
    }

    /**
     * "; A and B at tile scale 1", or plainly that the two did not run the same load per tile: users and
     * references scale together, but latencies and infrastructure operations answer to the load itself.
     */
    private static String scales(Comparison comparison) {
        if (comparison.sameTileScale()) {
            return "; A and B at " + TileScale.phrase(comparison.a().getFirst().tileScale());
        }
        return "; not like for like: A ran at " + scales(comparison.a()) + ", B at " + scales(comparison.b());
    }

    private static String scales(List<RunSamples> runs) {
        return String.join(" and ", Comparison.tileScales(runs).stream().map(TileScale::phrase).toList());
    }

    /** "; unit: phase (3 A, 3 B)": what one sample is, and how many each side has. */
    private static String unit(MetricDelta score) {
        return String.format(Locale.ROOT, "; unit: %s (%d A, %d B)", score.sampledPer(), score.difference().samplesA(),
                score.difference().samplesB());
    }

    /** "score +0.6 %, 95 % CI -2.1 .. +3.3" */
    private static String scoreText(MetricDelta score) {
        WelchTest.Difference d = score.difference();
        if (!d.testable()) {
            return "score " + Percent.signed(d.percent()) + ", not testable: fewer than 2 phase scores a side";
        }
        return String.format(Locale.ROOT, "score %s, %.0f %% CI %s", Percent.signed(d.percent()),
                100 * d.level(), Percent.range(d.percentLow(), d.percentHigh()));
    }

    private static String direction(List<MetricDelta> moved) {
        boolean allWorse = moved.stream().allMatch(MetricDelta::worseForB);
        boolean allBetter = moved.stream().noneMatch(MetricDelta::worseForB);
        return allWorse ? "is slower" : allBetter ? "is faster" : "differs";
    }

    private static String named(List<MetricDelta> metrics) {
        if (metrics.isEmpty()) {
            return "";
        }
        List<String> names = metrics.stream().limit(NAMED_METRICS).map(MetricDelta::shortText).toList();
        return " (" + String.join(", ", names) + (metrics.size() > NAMED_METRICS ? ", ..." : "") + ")";
    }
}
