package org.tilemark.scoring;

import java.util.Map;
import org.HdrHistogram.AbstractHistogram;

/**
 * What one workload of one tile measured over one interval: latency histograms (nanoseconds from each
 * request's intended start) and error counts per operation, units of work started ({@code attempts}),
 * finished ({@code completed}, the scored unit), failed and refused by design ({@code rollbacks}), the
 * schedule-lag histogram and errors per VM. A live driver's snapshot and a bundle's interval line
 * with its histograms both become one of these.
 */
public record IntervalMeasure(Map<String, ? extends AbstractHistogram> latencyNanos, Map<String, Long> errorsByOperation,
                              long attempts, long completed, long errors, long rollbacks,
                              AbstractHistogram scheduleLagNanos, Map<String, Long> errorsByVm) {

    public IntervalMeasure {
        latencyNanos = Require.mapCopy(latencyNanos, "latencyNanos");
        errorsByOperation = Require.mapCopy(errorsByOperation, "errorsByOperation");
        errorsByVm = Require.mapCopy(errorsByVm, "errorsByVm");
        Require.nonNull(scheduleLagNanos, "scheduleLagNanos");
    }
}
