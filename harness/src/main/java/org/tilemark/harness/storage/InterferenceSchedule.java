package org.tilemark.harness.storage;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tilemark.config.StorageSpec;

/**
 * The metadata loop's schedule: a baseline step without it, then a create/delete every {@code start},
 * {@code start - step}, ... and finally back to back; each step lasts {@code stepDuration} and I/O is
 * measured per {@code interval}.
 */
record InterferenceSchedule(List<Step> steps, Duration stepDuration, Duration interval) {

    /** One step: how often a disk is created and deleted (empty = the baseline, no metadata loop). */
    record Step(Optional<Duration> every) {
        String label() {
            return every.map(d -> d.isZero() ? "back to back" : "every " + Fmt.seconds(d)).orElse("baseline (no metadata loop)");
        }
    }

    static InterferenceSchedule of(StorageSpec.Interference spec, boolean quick) {
        Duration start = quick ? spec.quick().start() : spec.start();
        Duration step = quick ? spec.quick().step() : spec.step();
        Duration stepDuration = quick ? spec.quick().stepDuration() : spec.stepDuration();
        Duration interval = quick ? spec.quick().interval() : spec.interval();
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(Optional.empty()));
        for (Duration every = start; every.isPositive(); every = every.minus(step)) {
            steps.add(new Step(Optional.of(every)));
        }
        steps.add(new Step(Optional.of(Duration.ZERO)));
        return new InterferenceSchedule(List.copyOf(steps), stepDuration, interval);
    }

    int intervalsPerStep() {
        return (int) Math.max(1, stepDuration.toMillis() / interval.toMillis());
    }

    /** Formatting of schedule durations. */
    static final class Fmt {
        private Fmt() {
        }

        static String seconds(Duration d) {
            return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
        }
    }
}
