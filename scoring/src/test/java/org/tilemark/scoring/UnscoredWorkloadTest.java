package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** VMmark's standby server: in the tile's QoS, out of its geometric mean. */
class UnscoredWorkloadTest {

    private static WorkloadScore score(String workload, double normalized, QosVerdict qos) {
        return Fixtures.workloadScore(1, workload, normalized, qos);
    }

    @Test
    void tileScoreIsTheGeometricMeanOfScoredWorkloadsOnly() {
        TileScore tile = Scoring.tile(1, List.of(score("dvdstore", 4, QosVerdict.pass()), score("mail", 1, QosVerdict.pass())),
                List.of(score("standby", 0.001, QosVerdict.pass())));

        assertThat(tile.score()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(tile.workloads()).extracting(WorkloadScore::workload).containsExactly("dvdstore", "mail", "standby");
        assertThat(tile.workloads()).extracting(WorkloadScore::scored).containsExactly(true, true, false);
        assertThat(tile.scoredWorkloads()).extracting(WorkloadScore::workload).containsExactly("dvdstore", "mail");
        assertThat(tile.unscoredWorkloads()).extracting(WorkloadScore::workload).containsExactly("standby");
    }

    @Test
    void aZeroUnscoredWorkloadDoesNotZeroTheTile() {
        TileScore tile = Scoring.tile(1, List.of(score("dvdstore", 1.5, QosVerdict.pass())),
                List.of(score("standby", 0, QosVerdict.pass())));

        assertThat(tile.score()).isEqualTo(1.5);
    }

    @Test
    void anUnscoredWorkloadsQosStillFailsTheTileAndThePhase() {
        TileScore tile = Scoring.tile(3, List.of(Fixtures.workloadScore(3, "dvdstore", 1, QosVerdict.pass())),
                List.of(Fixtures.workloadScore(3, "standby", 1,
                        QosVerdict.fail("failures = 8.33 % of 60 attempts > 1 %"))));

        assertThat(tile.qos().passed()).isFalse();
        assertThat(tile.qos().reasons()).containsExactly("tile 3 standby: failures = 8.33 % of 60 attempts > 1 %");
        PhaseScore phase = Scoring.phase(1, List.of(tile), OptionalDouble.empty());
        assertThat(phase.qos().passed()).isFalse();
        assertThat(phase.application()).isEqualTo(1.0);
    }

    @Test
    void theSingleListFactoryHonoursEachScoresFlag() {
        WorkloadScore standby = score("standby", 9, QosVerdict.pass()).withScored(false);

        TileScore tile = Scoring.tile(1, List.of(score("dvdstore", 2, QosVerdict.pass()), standby));

        assertThat(tile.score()).isEqualTo(2.0);
        assertThat(tile.unscoredWorkloads()).containsExactly(standby);
    }

    @Test
    void workloadFactoryMarksUnscoredAndDefaultsToScored() {
        WorkloadResult result = Fixtures.result(1, "standby", 60);
        FailureRateRule rule = new FailureRateRule(1, false);

        assertThat(Scoring.workload(result, 60, List.of(rule), false).scored()).isFalse();
        assertThat(Scoring.workload(result, 60, List.of(rule)).scored()).isTrue();
        assertThat(score("x", 1, QosVerdict.pass()).scored()).isTrue();
    }

    @Test
    void theListsDecideTheFlag() {
        WorkloadScore flaggedUnscored = score("dvdstore", 2, QosVerdict.pass()).withScored(false);

        TileScore tile = Scoring.tile(1, List.of(flaggedUnscored), List.of());

        assertThat(tile.workloads().getFirst().scored()).isTrue();
        assertThat(tile.score()).isEqualTo(2.0);
    }

    @Test
    void aTileOfUnscoredWorkloadsOnlyScoresZeroAndItsQosStillCounts() {
        TileScore passing = Scoring.tile(1, List.of(), List.of(score("standby", 1, QosVerdict.pass())));
        TileScore failing = Scoring.tile(1, List.of(score("standby", 1, QosVerdict.fail("host host-1 stopped answering"))
                .withScored(false)));

        assertThat(passing.score()).isZero();
        assertThat(passing.qos().passed()).isTrue();
        assertThat(failing.score()).isZero();
        assertThat(failing.qos().reasons()).containsExactly("tile 1 standby: host host-1 stopped answering");
        assertThat(Scoring.phase(1, List.of(failing), java.util.OptionalDouble.empty()).score()).isZero();
    }

    @Test
    void unscoredWorkloadsMustBelongToTheTile() {
        assertThatThrownBy(() -> Scoring.tile(1, List.of(score("dvdstore", 1, QosVerdict.pass())),
                List.of(Fixtures.workloadScore(2, "standby", 1, QosVerdict.pass()))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("standby of tile 2");
    }
}
