package org.tilemark.workloads.driver;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tilemark.scoring.IntervalMeasure;

/**
 * What a driver measured over one interval. Latency histograms hold nanoseconds from each request's
 * intended start; failed requests are counted, not timed. {@code attempts} are units of work started
 * (e.g. orders), {@code completed} those that finished (the scored unit), {@code errors} those that
 * failed, {@code rollbacks} those the application refused by design. Its figures are scoring's
 * {@link IntervalMeasure} of the interval ({@link #measure()}), with the interval's start and end.
 */
public record IntervalSnapshot(Instant start, Instant end, Map<String, Histogram> latencyNanos,
                               Map<String, Long> errorsByOperation, long attempts, long completed,
                               long errors, long rollbacks, Histogram scheduleLagNanos,
                               Map<String, Long> errorsByVm) {

    public IntervalSnapshot {
        latencyNanos = Map.copyOf(latencyNanos);
        errorsByOperation = Map.copyOf(errorsByOperation);
        errorsByVm = Map.copyOf(errorsByVm);
    }

    /** What it measured in scoring's terms: the same figures, without the interval's times. */
    public IntervalMeasure measure() {
        return new IntervalMeasure(latencyNanos, errorsByOperation, attempts, completed, errors, rollbacks, scheduleLagNanos,
                errorsByVm);
    }

    public Duration duration() {
        return Duration.between(start, end);
    }
}
