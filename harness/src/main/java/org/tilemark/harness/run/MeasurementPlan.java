package org.tilemark.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.tilemark.config.RunSpec;

/**
 * The run's timeline as metrics intervals: warm-up intervals (the last one shorter if the warm-up is
 * not a whole number of intervals), then each measurement phase cut into equal intervals.
 */
record MeasurementPlan(List<Slot> slots, int phases, Duration phaseDuration) {

    /** One metrics interval: offsets from the run's origin; phase 0 is warm-up. */
    record Slot(int index, int phase, Duration start, Duration end) {
        boolean warmup() {
            return phase == 0;
        }

        boolean firstOfPhase(MeasurementPlan plan) {
            return !warmup() && start.equals(plan.phaseStart(phase));
        }

        boolean lastOfPhase(MeasurementPlan plan) {
            return !warmup() && end.equals(plan.phaseEnd(phase));
        }
    }

    static MeasurementPlan of(RunSpec run) {
        List<Slot> slots = new ArrayList<>();
        Duration at = Duration.ZERO;
        int index = 1;
        while (at.compareTo(run.warmup()) < 0) {
            Duration end = min(at.plus(run.interval()), run.warmup());
            slots.add(new Slot(index++, 0, at, end));
            at = end;
        }
        for (int phase = 1; phase <= run.phases(); phase++) {
            Duration phaseEnd = at.plus(run.phaseDuration());
            while (at.compareTo(phaseEnd) < 0) {
                Duration end = min(at.plus(run.interval()), phaseEnd);
                slots.add(new Slot(index++, phase, at, end));
                at = end;
            }
        }
        return new MeasurementPlan(List.copyOf(slots), run.phases(), run.phaseDuration());
    }

    Duration total() {
        return slots.isEmpty() ? Duration.ZERO : slots.getLast().end();
    }

    /** Time left after {@code slot} in its phase, or in warm-up. */
    Duration leftInPhase(Slot slot) {
        Duration phaseEnd = slots.stream().filter(s -> s.phase() == slot.phase()).map(Slot::end).max(Duration::compareTo)
                .orElseThrow();
        return phaseEnd.minus(slot.end());
    }

    Duration phaseStart(int phase) {
        return slots.stream().filter(s -> s.phase() == phase).map(Slot::start).min(Duration::compareTo).orElseThrow();
    }

    Duration phaseEnd(int phase) {
        return slots.stream().filter(s -> s.phase() == phase).map(Slot::end).max(Duration::compareTo).orElseThrow();
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
