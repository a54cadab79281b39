package org.tilemark.tests.workload.echo;

import java.time.Duration;

/**
 * The section {@code workloads.echo}: users that each ask the tile's echo VM to send back a sequence number.
 *
 * @param enabled                  whether the workload runs (off by default: the other tests' tiles stay as they are)
 * @param users                    users per tile
 * @param thinkTime                mean gap between one user's intended starts (uniform 0..2x)
 * @param referenceEchoesPerMinute per-tile throughput that normalizes to a score of 1.0
 * @param percentile               latency percentile {@code limit} applies to
 * @param limit                    an echo's latency limit at {@code percentile}
 * @param maxFailurePercent        largest share of echoes that fail or come back wrong
 * @param requestTimeout           how long one echo may take before it counts as failed
 */
record EchoSpec(boolean enabled, int users, Duration thinkTime, double referenceEchoesPerMinute, double percentile,
                Duration limit, double maxFailurePercent, Duration requestTimeout) {

    /** The offered load per tile: each user once per think time. */
    double targetEchoesPerMinute() {
        return users * 60.0 / (thinkTime.toNanos() / 1e9);
    }
}
