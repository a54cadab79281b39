package org.tilemark.config;

import java.time.Duration;
import java.util.Map;

/**
 * Quality-of-service limits of a workload.
 *
 * @param percentile         latency percentile the limits apply to, in (0, 100)
 * @param limits             operation name to latency limit at {@code percentile}
 * @param maxFailurePercent  largest share of failed or rolled-back operations, in percent
 * @param maxScheduleLagP99  largest p99 lag of intended starts before a run is flagged
 */
public record QosSpec(double percentile, Map<String, Duration> limits, double maxFailurePercent,
        Duration maxScheduleLagP99) {

    public QosSpec {
        limits = ImmutableCopies.ofMap(limits);
    }
}
