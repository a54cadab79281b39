package org.tilemark.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.compare.CompareVerdict.Outcome;
import org.tilemark.harness.compare.MetricSamples.Better;

class ComparisonTest {
    private static final List<Double> SCORES = List.of(0.98, 1.01, 0.99, 1.00, 1.02, 0.97);
    private static final List<Double> PURCHASE_MS = List.of(18.0, 21.0, 19.0, 25.0, 17.0, 20.0, 22.0, 19.5);

    @Test
    void aSlowerScoreIsSignificantAndNamesTheMetricsThatMovedTheSameWay() {
        RunSamples a = run("a", metric("score", Better.HIGHER, SCORES),
                metric("dvdstore.p95.purchase", Better.LOWER, PURCHASE_MS));
        RunSamples b = run("b", metric("score", Better.HIGHER, scaled(SCORES, 0.85)),
                metric("dvdstore.p95.purchase", Better.LOWER, scaled(PURCHASE_MS, 1.85)));

        CompareVerdict verdict = Comparison.of(List.of(a), List.of(b), 0.95).verdict();

        assertThat(verdict.outcome()).isEqualTo(Outcome.B_SLOWER);
        assertThat(verdict.line()).startsWith("B vs A: score -15.0 % (95 % CI ")
                .contains("significant: B is slower (dvdstore.p95.purchase +85.0 %)");
    }

    @Test
    void theSameSamplesOnBothSidesAreNoSignificantDifference() {
        RunSamples a = run("a", metric("score", Better.HIGHER, SCORES),
                metric("dvdstore.p95.purchase", Better.LOWER, PURCHASE_MS));

        Comparison comparison = Comparison.of(List.of(a), List.of(a), 0.95);

        assertThat(comparison.verdict().outcome()).isEqualTo(Outcome.NO_SIGNIFICANT_DIFFERENCE);
        assertThat(comparison.verdict().line())
                .isEqualTo("B vs A: no significant difference (score +0.0 %, 95 % CI -2.4 .. +2.4); unit: phase (6 A, 6 B)"
                        + "; A and B at tile scale 1");
        assertThat(comparison.sameTileScale()).isTrue();
    }

    @Test
    void aFasterBIsReportedAsFaster() {
        RunSamples a = run("a", metric("score", Better.HIGHER, SCORES));
        RunSamples b = run("b", metric("score", Better.HIGHER, scaled(SCORES, 1.2)));

        assertThat(Comparison.of(List.of(a), List.of(b), 0.95).verdict().outcome()).isEqualTo(Outcome.B_FASTER);
    }

    @Test
    void latencyThatMovedWithoutTheScoreIsReportedAsMetricsThatDiffer() {
        RunSamples a = run("a", metric("score", Better.HIGHER, SCORES),
                metric("olio.p90.AddEvent", Better.LOWER, PURCHASE_MS));
        RunSamples b = run("b", metric("score", Better.HIGHER, SCORES),
                metric("olio.p90.AddEvent", Better.LOWER, scaled(PURCHASE_MS, 3)));

        CompareVerdict verdict = Comparison.of(List.of(a), List.of(b), 0.95).verdict();

        assertThat(verdict.outcome()).isEqualTo(Outcome.METRICS_DIFFER);
        assertThat(verdict.line()).contains("no significant score difference").contains("but B is slower in 1 metric")
                .contains("olio.p90.AddEvent +200 %");
    }

    @Test
    void holmKeepsOneBorderlineMetricAmongManyFromCountingAsADifference() {
        // One metric at p ≈ 0.03 would pass alone at 5 %, not as one of twenty.
        List<MetricSamples> metricsA = new ArrayList<>(List.of(metric("score", Better.HIGHER, SCORES)));
        List<MetricSamples> metricsB = new ArrayList<>(List.of(metric("score", Better.HIGHER, SCORES)));
        metricsA.add(metric("borderline", Better.LOWER, List.of(10.0, 11.0, 12.0, 10.5, 11.5, 12.5)));
        metricsB.add(metric("borderline", Better.LOWER, List.of(11.4, 12.4, 13.4, 11.9, 12.9, 13.9)));
        IntStream.range(0, 19).forEach(i -> {
            metricsA.add(metric("same" + i, Better.LOWER, PURCHASE_MS));
            metricsB.add(metric("same" + i, Better.LOWER, PURCHASE_MS));
        });

        Comparison comparison = Comparison.of(List.of(run("a", metricsA)), List.of(run("b", metricsB)), 0.95);

        MetricDelta borderline = comparison.find("borderline").orElseThrow();
        assertThat(borderline.difference().pValue()).isBetween(0.01, 0.05);
        assertThat(borderline.significant()).isFalse();
        assertThat(comparison.verdict().outcome()).isEqualTo(Outcome.NO_SIGNIFICANT_DIFFERENCE);
    }

    @Test
    void repetitionsPoolTheirSamplesAndMetricsOnOneSideOnlyAreNamedNotCompared() {
        RunSamples a1 = run("a1", metric("score", Better.HIGHER, SCORES.subList(0, 3)));
        RunSamples a2 = run("a2", metric("score", Better.HIGHER, SCORES.subList(3, 6)),
                metric("cpu.machine", Better.NEITHER, List.of(50.0)));
        RunSamples b = run("b", metric("score", Better.HIGHER, SCORES));

        Comparison comparison = Comparison.of(List.of(a1, a2), List.of(b), 0.95);

        assertThat(comparison.deltas()).extracting(MetricDelta::key).containsExactly("score");
        assertThat(comparison.score().orElseThrow().difference().samplesA()).isEqualTo(6);
        assertThat(comparison.onlyA()).containsExactly("cpu.machine");
        assertThat(comparison.onlyB()).isEmpty();
        assertThat(CompareTable.samplesNote(comparison)).endsWith(" Only in A (not compared): cpu.machine.");
    }

    @Test
    void sidesAtDifferentTileScalesAreSaidNotToBeLikeForLike() {
        RunSamples a = run("a", 0.07, metric("score", Better.HIGHER, SCORES));
        RunSamples b1 = run("b1", 1.0, metric("score", Better.HIGHER, SCORES));
        RunSamples b2 = run("b2", 0.5, metric("score", Better.HIGHER, SCORES));

        Comparison comparison = Comparison.of(List.of(a), List.of(b1, b2), 0.95);

        assertThat(comparison.sameTileScale()).isFalse();
        assertThat(comparison.verdict().line()).startsWith("B vs A: no significant difference (score ")
                .endsWith("; not like for like: A ran at tile scale 0.07, B at tile scale 1 and tile scale 0.5");
        assertThat(Comparison.of(List.of(a), List.of(a), 0.95).verdict().line()).endsWith("; A and B at tile scale 0.07");
    }

    static MetricSamples metric(String key, Better better, List<Double> values) {
        return new MetricSamples(key, key, better == Better.LOWER ? "ms" : "", better, "phase", values);
    }

    static RunSamples run(String id, MetricSamples... metrics) {
        return run(id, List.of(metrics));
    }

    static RunSamples run(String id, List<MetricSamples> metrics) {
        return new RunSamples(Path.of(id), id, 1, 1.0, "Score: 1.00 @ 1 tile", metrics);
    }

    static RunSamples run(String id, double tileScale, MetricSamples... metrics) {
        return new RunSamples(Path.of(id), id, 1, tileScale, "Score: 1.00 @ 1 tile", List.of(metrics));
    }

    private static List<Double> scaled(List<Double> values, double factor) {
        return values.stream().map(v -> v * factor).toList();
    }
}
