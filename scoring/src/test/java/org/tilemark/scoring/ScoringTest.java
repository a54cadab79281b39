package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ScoringTest {

    @Test
    void publishedVmmark3ExampleScores916() {
        // App 11.18 from ten tiles at 1.0 and one at 1.18; infrastructure 1.07.
        List<TileScore> tiles = new ArrayList<>(IntStream.rangeClosed(1, 10)
                .mapToObj(t -> Fixtures.tile(t, 1.0, QosVerdict.pass())).toList());
        tiles.add(Fixtures.tile(11, 1.18, QosVerdict.pass()));

        PhaseScore phase = Scoring.phase(1, tiles, OptionalDouble.of(1.07));

        assertThat(phase.application()).isCloseTo(11.18, within(1e-9));
        assertThat(phase.score()).isCloseTo(9.158, within(1e-9));
        assertThat(String.format(Locale.ROOT, "%.2f", phase.score())).isEqualTo("9.16");
        assertThat(phase.applicationOnly()).isFalse();
        assertThat(phase.infrastructure()).hasValue(1.07);
    }

    @Test
    void withoutInfrastructureThePhaseScoreIsTheApplicationScore() {
        PhaseScore phase = Scoring.phase(2, List.of(Fixtures.tile(1, 0.9, QosVerdict.pass()),
                Fixtures.tile(2, 1.1, QosVerdict.pass())), OptionalDouble.empty());

        assertThat(phase.score()).isCloseTo(2.0, within(1e-12));
        assertThat(phase.applicationOnly()).isTrue();
    }

    @Test
    void geometricMean() {
        assertThat(Scoring.geometricMean(2, 8)).isCloseTo(4, within(1e-12));
        assertThat(Scoring.geometricMean(1, 3, 9)).isCloseTo(3, within(1e-12));
        assertThat(Scoring.geometricMean(5)).isCloseTo(5, within(1e-12));
        assertThat(Scoring.geometricMean(2, 0, 8)).isZero();
        assertThat(Scoring.geometricMean(2, -1)).isZero();
        assertThat(Scoring.geometricMean(1e200, 1e200)).isCloseTo(1e200, within(1e188));
        assertThatThrownBy(Scoring::geometricMean).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Scoring.geometricMean(1, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void median() {
        assertThat(Scoring.median(3, 1, 2)).isEqualTo(2);
        assertThat(Scoring.median(10, 1, 3, 2)).isEqualTo(2.5);
        assertThat(Scoring.median(7)).isEqualTo(7);
    }

    @Test
    void workloadNormalizesByReferenceAndChecksRules() {
        WorkloadResult result = Fixtures.result(3, "dvdstore", 1500,
                List.of(Fixtures.stats("purchase", 10, 2500)), 1000, 0, 0, 0);

        WorkloadScore score = Scoring.workload(result, 1000,
                List.of(new PercentileRule("purchase", 95, Duration.ofSeconds(2)), new FailureRateRule(0.5, true)));

        assertThat(score.normalized()).isCloseTo(1.5, within(1e-12));
        assertThat(score.tile()).isEqualTo(3);
        assertThat(score.reference()).isEqualTo(1000);
        assertThat(score.qos().reasons()).containsExactly("p95 of purchase = 2500 ms > 2000 ms");
        assertThat(score.result()).isSameAs(result);
        assertThatThrownBy(() -> Scoring.workload(result, 0, List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reference");
    }

    @Test
    void tileIsGeometricMeanAndPrefixesReasons() {
        TileScore tile = Scoring.tile(2, List.of(Fixtures.workloadScore(2, "mail", 4, QosVerdict.fail("slow send")),
                Fixtures.workloadScore(2, "olio", 1, QosVerdict.pass())));

        assertThat(tile.score()).isCloseTo(2, within(1e-12));
        assertThat(tile.qos().passed()).isFalse();
        assertThat(tile.qos().reasons()).containsExactly("tile 2 mail: slow send");
        assertThatThrownBy(() -> Scoring.tile(1, List.of(Fixtures.workloadScore(2, "mail", 1, QosVerdict.pass()))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Scoring.tile(1, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void phaseRejectsDuplicateTilesAndAddsInfrastructureReasons() {
        TileScore one = Fixtures.tile(1, 1, QosVerdict.pass());
        assertThatThrownBy(() -> Scoring.phase(1, List.of(one, one), OptionalDouble.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tile 1");

        PhaseScore phase = Scoring.phase(1, List.of(one), OptionalDouble.of(0.5), QosVerdict.fail("vMotion failed"));
        assertThat(phase.qos().reasons()).containsExactly("infrastructure: vMotion failed");
    }

    @Test
    void runIsTheMedianPhaseAndCompliantOnlyIfEveryPhasePassed() {
        RunScore run = Scoring.run(List.of(Fixtures.phase(1, 1.0, QosVerdict.pass()),
                Fixtures.phase(2, 1.4, QosVerdict.fail("p95 of purchase = 2310 ms > 2000 ms")),
                Fixtures.phase(3, 1.2, QosVerdict.pass())));

        assertThat(run.score()).isCloseTo(1.2, within(1e-12));
        assertThat(run.tiles()).isEqualTo(1);
        assertThat(run.compliant()).isFalse();
        assertThat(run.applicationOnly()).isTrue();
        assertThat(run.reasons()).containsExactly("phase 2: tile 1 w: p95 of purchase = 2310 ms > 2000 ms");
        assertThat(Scoring.format(run)).isEqualTo("Score: 1.20 @ 1 tile (non-compliant, application only)");
    }

    /** Issue 16: the verified-run golden bundle's phases, whose separate medians came from two phases. */
    @Test
    void theRunsApplicationAndInfrastructureScoresAreThoseOfThePhaseWhoseScoreIsReported() {
        PhaseScore p1 = Scoring.phase(1, List.of(Fixtures.tile(1, 1.025, QosVerdict.pass())), OptionalDouble.of(0.556));
        PhaseScore p2 = Scoring.phase(2, List.of(Fixtures.tile(1, 1.001, QosVerdict.pass())), OptionalDouble.of(0.869));
        PhaseScore p3 = Scoring.phase(3, List.of(Fixtures.tile(1, 0.964, QosVerdict.pass())), OptionalDouble.of(0.615));

        RunScore run = Scoring.run(List.of(p1, p2, p3));

        assertThat(run.score()).isEqualTo(p1.score());
        assertThat(run.application()).isEqualTo(1.025);
        assertThat(run.infrastructure()).hasValue(0.556);
        assertThat(run.score()).isCloseTo(0.8 * run.application() + 0.2 * run.infrastructure().orElseThrow(), within(1e-12));

        RunScore even = Scoring.run(List.of(p1, p2, p3, Scoring.phase(4, List.of(Fixtures.tile(1, 2.0, QosVerdict.pass())),
                OptionalDouble.of(2.0))));
        assertThat(even.score()).isCloseTo(0.8 * even.application() + 0.2 * even.infrastructure().orElseThrow(), within(1e-12));
        assertThat(even.application()).isCloseTo((1.025 + 1.001) / 2, within(1e-12));
    }

    @Test
    void runOfAnEvenNumberOfPhasesTakesTheMeanOfTheMiddleTwo() {
        List<TileScore> tiles = List.of(Fixtures.tile(1, 1, QosVerdict.pass()), Fixtures.tile(2, 1, QosVerdict.pass()));
        RunScore run = Scoring.run(List.of(Scoring.phase(1, tiles, OptionalDouble.of(1.0)),
                Scoring.phase(2, tiles, OptionalDouble.of(2.0))));

        // Phase scores 0.8·2 + 0.2·1 = 1.8 and 0.8·2 + 0.2·2 = 2.0.
        assertThat(run.score()).isCloseTo(1.9, within(1e-12));
        assertThat(run.compliant()).isTrue();
        assertThat(run.reasons()).isEmpty();
        assertThat(Scoring.format(run)).isEqualTo("Score: 1.90 @ 2 tiles (compliant)");
    }

    @Test
    void runWithAnyApplicationOnlyPhaseScoresApplicationOnly() {
        TileScore tile = Fixtures.tile(1, 2, QosVerdict.pass());
        RunScore run = Scoring.run(List.of(Scoring.phase(1, List.of(tile), OptionalDouble.of(10)),
                Scoring.phase(2, List.of(tile), OptionalDouble.empty())));

        assertThat(run.applicationOnly()).isTrue();
        assertThat(run.score()).isEqualTo(2);
    }

    @Test
    void runRejectsBadPhases() {
        assertThatThrownBy(() -> Scoring.run(List.of())).isInstanceOf(IllegalArgumentException.class);
        PhaseScore one = Fixtures.phase(1, 1, QosVerdict.pass());
        assertThatThrownBy(() -> Scoring.run(List.of(one, one))).isInstanceOf(IllegalArgumentException.class);
        PhaseScore twoTiles = Scoring.phase(2, List.of(Fixtures.tile(1, 1, QosVerdict.pass()),
                Fixtures.tile(2, 1, QosVerdict.pass())), OptionalDouble.empty());
        assertThatThrownBy(() -> Scoring.run(List.of(one, twoTiles)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tile count");
    }

    @Test
    void infrastructureIsGeometricMeanOfNormalizedRates() {
        InfraScore infra = Scoring.infrastructure(Map.of("vMotion", 28.0, "Deploy", 6.5),
                Map.of("vMotion", 14.0, "Deploy", 13.0, "XvMotion", 20.0));

        assertThat(infra.score()).isCloseTo(1.0, within(1e-12)); // sqrt(2 × 0.5)
        assertThat(infra.operations()).hasSize(2);
        assertThatThrownBy(() -> Scoring.infrastructure(Map.of("XvMotion", 1.0), Map.of("vMotion", 1.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("XvMotion");
    }

    @Test
    void ratePer() {
        assertThat(Scoring.ratePer(1200, Duration.ofMinutes(20), Duration.ofMinutes(1))).isCloseTo(60, within(1e-9));
        assertThat(Scoring.ratePer(7, Duration.ofMinutes(30), Duration.ofHours(1))).isCloseTo(14, within(1e-9));
        assertThatThrownBy(() -> Scoring.ratePer(1, Duration.ZERO, Duration.ofHours(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
