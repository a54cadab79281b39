package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tilemark.config.RunSpec;
import org.tilemark.harness.run.MeasurementPlan.Slot;

class MeasurementPlanTest {

    @Test
    void aWarmUpThatIsNotAWholeNumberOfIntervalsEndsWithAShortSlot() {
        MeasurementPlan plan = MeasurementPlan.of(run(3, 30, 15, 10));

        assertThat(plan.slots().subList(0, 2)).containsExactly(
                new Slot(1, 0, seconds(0), seconds(10)),
                new Slot(2, 0, seconds(10), seconds(15)));
        assertThat(plan.slots().subList(0, 2)).allMatch(Slot::warmup).noneMatch(s -> s.lastOfPhase(plan));
    }

    @Test
    void phasesAreCutIntoEqualIntervalsAfterTheWarmUp() {
        MeasurementPlan plan = MeasurementPlan.of(run(3, 30, 15, 10));

        List<Slot> measured = plan.slots().subList(2, plan.slots().size());
        assertThat(measured).hasSize(9);
        for (int i = 0; i < measured.size(); i++) {
            Slot slot = measured.get(i);
            assertThat(slot.index()).isEqualTo(3 + i);
            assertThat(slot.phase()).isEqualTo(1 + i / 3);
            assertThat(slot.start()).isEqualTo(seconds(15 + 10 * i));
            assertThat(slot.end()).isEqualTo(seconds(25 + 10 * i));
            assertThat(slot.warmup()).isFalse();
            assertThat(slot.lastOfPhase(plan)).isEqualTo(i % 3 == 2);
        }
        assertThat(plan.phaseEnd(1)).isEqualTo(seconds(45));
        assertThat(plan.phaseEnd(3)).isEqualTo(seconds(105));
        assertThat(plan.total()).isEqualTo(seconds(105));
        assertThat(plan.phases()).isEqualTo(3);
        assertThat(plan.phaseDuration()).isEqualTo(seconds(30));
    }

    @Test
    void slotsFollowEachOtherWithoutGaps() {
        MeasurementPlan plan = MeasurementPlan.of(run(2, 60, 25, 10));

        for (int i = 1; i < plan.slots().size(); i++) {
            assertThat(plan.slots().get(i).start()).isEqualTo(plan.slots().get(i - 1).end());
        }
        assertThat(plan.slots().getFirst().start()).isZero();
        assertThat(plan.total()).isEqualTo(seconds(145));
    }

    @Test
    void withoutWarmUpTheFirstSlotIsMeasured() {
        MeasurementPlan plan = MeasurementPlan.of(run(1, 20, 0, 10));

        assertThat(plan.slots()).containsExactly(
                new Slot(1, 1, seconds(0), seconds(10)),
                new Slot(2, 1, seconds(10), seconds(20)));
        assertThat(plan.slots().get(1).lastOfPhase(plan)).isTrue();
        assertThat(plan.slots().get(0).lastOfPhase(plan)).isFalse();
    }

    private static RunSpec run(int phases, int phaseSeconds, int warmupSeconds, int intervalSeconds) {
        return new RunSpec("quick", 1, 1.0, phases, seconds(phaseSeconds), seconds(warmupSeconds), seconds(intervalSeconds),
                Path.of("results"), Path.of(".tilemark"), 42, Duration.ofMinutes(5));
    }

    private static Duration seconds(long s) {
        return Duration.ofSeconds(s);
    }
}
