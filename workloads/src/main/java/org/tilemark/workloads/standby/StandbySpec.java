package org.tilemark.workloads.standby;

import java.time.Duration;

/**
 * The standby workload of a tile: a heartbeat responder that the harness pings.
 *
 * @param enabled            whether the workload runs
 * @param interval           gap between two heartbeats
 * @param timeout            how long a heartbeat may take to be answered; may exceed {@code interval}
 * @param minAnsweredPercent share of heartbeats that must be answered within {@code timeout}, in percent
 */
public record StandbySpec(boolean enabled, Duration interval, Duration timeout, double minAnsweredPercent) {
}
