package org.tilemark.harness.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.run.LoadPathRun;
import org.tilemark.harness.run.VmStop;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.QosVerdict;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.scoring.WorkloadScore;

class LoadPathTest {

    private static final Duration PHASE = Duration.ofSeconds(60);

    /** A phase at {@code tiles} tiles, each tile scoring 1, failing QoS when {@code fails} says so. */
    private static PhaseScore phase(int number, int tiles, boolean fails) {
        QosVerdict qos = fails ? QosVerdict.fail("tile 1 w: too slow") : QosVerdict.pass();
        List<TileScore> scores = IntStream.rangeClosed(1, tiles).mapToObj(t -> Scoring.tile(t, List.of(
                new WorkloadScore(t, "w", "units/min", 10, 10, 1, qos, new WorkloadResult(t, "w", "units/min", 10,
                        PHASE, Map.of(), 100, 0, 0, 0, Map.of()))))).toList();
        return Scoring.phase(number, scores, OptionalDouble.empty());
    }

    /** Drives the path as the run does: each asked-for phase measured, failing where {@code failsAt} says (by phase). */
    private static List<LoadPathRun.Next> drive(LoadPath path, IntPredicate failsAt, List<LoadPath.Step> told) {
        List<LoadPathRun.Next> asked = new ArrayList<>();
        int number = 0;
        for (Optional<LoadPathRun.Next> next = Optional.of(path.first()); next.isPresent(); ) {
            asked.add(next.get());
            number++;
            next = path.afterPhase(new LoadPathRun.MeasuredPhase(phase(number, next.get().tiles(), failsAt.test(number)),
                    next.get().length(), OptionalDouble.of(10.0 * next.get().tiles()), Duration.ofSeconds(2L * next.get().tiles()),
                    List.of()));
        }
        assertThat(told).isEqualTo(path.steps());
        return asked;
    }

    @Test
    void rampsNarrowsMeasuresAFailureAgainAndVerifiesTheMaximumWithALongerPhase() {
        List<LoadPath.Step> told = new ArrayList<>();
        LoadPath path = new LoadPath(new TileSearch(1, 8, true), 2, PHASE, told::add);
        // phases: 1,2 at 1 tile; 3,4 at 2; 5 at 4 fails, 6 (again at 4) fails; 7,8 at 3 pass; 9 verifies 3
        List<LoadPathRun.Next> asked = drive(path, n -> n == 5 || n == 6, told);

        assertThat(asked).extracting(LoadPathRun.Next::tiles).containsExactly(1, 1, 2, 2, 4, 4, 3, 3, 3);
        assertThat(asked.getLast().length()).isEqualTo(PHASE.multipliedBy(2));
        assertThat(told).extracting(LoadPath.Step::tiles).containsExactly(1, 2, 4, 4, 3, 3);
        assertThat(told.get(2).phases()).extracting(PhaseScore::phase).containsExactly(5); // stopped at its failed phase
        assertThat(told.get(3).remeasure()).isTrue();
        assertThat(told.getLast().verify()).isTrue();
        assertThat(path.search().maxTiles()).hasValue(3);
        assertThat(told.get(1).clusterCpuPercent()).as("the phases' cluster CPU, 10 % a tile in drive").hasValue(20.0);
        assertThat(told.get(1).harnessCpu().cpuSeconds()).as("the phases' harness CPU, 2 s a tile a phase in drive")
                .isEqualTo(8.0);
    }

    @Test
    void aVmThatStoppedFailsItsPhasesStepWhichIsMeasuredAgainAsAFailedRuleWouldBe() {
        List<LoadPath.Step> told = new ArrayList<>();
        LoadPath path = new LoadPath(new TileSearch(1, 2, false), 2, PHASE, told::add);
        assertThat(path.first()).isEqualTo(new LoadPathRun.Next(1, PHASE));
        String stop = new VmStop("tile1-dvdstore-db", "dvdstore-db", 1, "exited with 137").sentence() + " at 2026-11-28T10:00:00Z";
        Optional<LoadPathRun.Next> next = path.afterPhase(new LoadPathRun.MeasuredPhase(phase(1, 1, false), PHASE,
                OptionalDouble.empty(), Duration.ZERO, List.of(stop)));

        assertThat(next).as("the step ends at the phase a VM stopped in, and is measured again")
                .contains(new LoadPathRun.Next(1, PHASE));
        assertThat(told).hasSize(1);
        assertThat(told.getFirst().score().compliant()).as("its QoS alone passed").isTrue();
        assertThat(told.getFirst().compliant()).isFalse();
        assertThat(told.getFirst().reasons()).containsExactly("phase 1: " + stop);
        assertThat(VmStop.isStop(told.getFirst().reasons().getFirst())).isTrue();
        assertThat(VmStop.isStop("phase 1: tile 1 dvdstore: p95 of login = 2.0 s > 1 s")).isFalse();
    }

    @Test
    void aStepsClusterCpuWeighsItsPhasesByLengthAndIsUnknownIfAPhasesIs() {
        LoadPath.Step step = new LoadPath.Step(1, 1, false, false, List.of(
                new LoadPathRun.MeasuredPhase(phase(1, 1, false), Duration.ofSeconds(10), OptionalDouble.of(10), Duration.ofSeconds(3), List.of()),
                new LoadPathRun.MeasuredPhase(phase(2, 1, false), Duration.ofSeconds(30), OptionalDouble.of(50), Duration.ofSeconds(9), List.of())));
        assertThat(step.clusterCpuPercent()).hasValue((10 * 10 + 50 * 30) / 40.0);
        LoadPath.Step unknown = new LoadPath.Step(1, 1, false, false, List.of(
                new LoadPathRun.MeasuredPhase(phase(1, 1, false), Duration.ofSeconds(10), OptionalDouble.of(10), Duration.ofSeconds(3), List.of()),
                new LoadPathRun.MeasuredPhase(phase(2, 1, false), Duration.ofSeconds(30), OptionalDouble.empty(), Duration.ofSeconds(9), List.of())));
        assertThat(unknown.clusterCpuPercent()).isEmpty();
    }

    @Test
    void aStepsHarnessCpuIsItsPhasesCpuPerTileMinuteOfThem() {
        // 3 + 9 CPU-s over 10 + 30 s at 2 tiles: 12 CPU-s over 4/3 tile-minutes
        LoadPath.Step step = new LoadPath.Step(1, 2, false, false, List.of(
                new LoadPathRun.MeasuredPhase(phase(1, 2, false), Duration.ofSeconds(10), OptionalDouble.of(10), Duration.ofSeconds(3), List.of()),
                new LoadPathRun.MeasuredPhase(phase(2, 2, false), Duration.ofSeconds(30), OptionalDouble.of(50), Duration.ofSeconds(9), List.of())));
        assertThat(step.harnessCpu().cpuSeconds()).isEqualTo(12.0);
        assertThat(step.harnessCpu().tileMinutes()).isCloseTo(4 / 3.0, org.assertj.core.data.Offset.offset(0.001));
        assertThat(step.harnessCpu().cpuSecondsPerTileMinute()).isCloseTo(9.0, org.assertj.core.data.Offset.offset(0.001));
    }

    @Test
    void aFailureThatPassesWhenMeasuredAgainDoesNotEndTheClimb() {
        List<LoadPath.Step> told = new ArrayList<>();
        LoadPath path = new LoadPath(new TileSearch(2, 2, true), 1, PHASE, told::add);
        List<LoadPathRun.Next> asked = drive(path, n -> n == 1, told);

        assertThat(asked).extracting(LoadPathRun.Next::tiles).containsExactly(2, 2, 2);
        assertThat(told).extracting(LoadPath.Step::remeasure).containsExactly(false, true, false);
        assertThat(path.search().maxTiles()).hasValue(2);
        SearchOutcome outcome = SearchOutcome.of(path.search(), told.stream().map(s -> new SearchStep(s.number(), s.tiles(),
                s.verify(), org.tilemark.scoring.RunVerdict.of(s.score().compliant()), OptionalDouble.of(s.score().score()),
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(), Optional.of(s.harnessCpu()), 0, 0,
                s.score().reasons(),
                new SearchStep.SearchPhases(List.of(s.number())))).toList(), null, 1);
        assertThat(outcome.headline()).startsWith("max 2 tiles, 2.00 @ 2 tiles");
    }
}
