package org.tilemark.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One interval boundary of the run: a sample per tile and workload, cut together, and where the
 * interval stands in the run's plan.
 *
 * @param origin            the instant the drivers laid their intended starts out from
 * @param phases            the run's measurement phases
 * @param phaseLeft         time left in this interval's phase (or in warm-up)
 * @param runLeft           time left until the last phase ends
 * @param clusterCpuPercent the cluster's busy CPU over the interval; empty where the platform cannot tell
 */
record IntervalCut(MeasurementPlan.Slot slot, Instant origin, int phases, Duration phaseLeft, Duration runLeft,
                   List<IntervalSample> samples, OptionalDouble clusterCpuPercent) {

    IntervalCut {
        samples = List.copyOf(samples);
    }

    Instant start() {
        return origin.plus(slot.start());
    }

    Instant end() {
        return origin.plus(slot.end());
    }

    boolean warmup() {
        return slot.warmup();
    }
}
