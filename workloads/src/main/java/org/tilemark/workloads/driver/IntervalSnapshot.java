package org.tilemark.workloads.driver;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.tilemark.scoring.IntervalMeasure;

/**
 * What a driver measured over one interval: the interval's start and end and scoring's
 * {@link IntervalMeasure} of it (latency histograms in nanoseconds from each request's intended start,
 * failed requests counted, not timed; {@code attempts} are units of work started, e.g. orders,
 * {@code completed} those that finished, the scored unit, {@code errors} those that failed,
 * {@code rollbacks} those the application refused by design).
 */
public record IntervalSnapshot(Instant start, Instant end, IntervalMeasure measure) {

    public IntervalSnapshot {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(measure, "measure");
    }

    public Duration duration() {
        return Duration.between(start, end);
    }
}
