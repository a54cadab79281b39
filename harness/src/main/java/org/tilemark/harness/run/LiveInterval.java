package org.tilemark.harness.run;

import java.util.List;

/**
 * One interval of a run as it stands, for a live view.
 *
 * @param end              when the interval ended (ISO-8601, as the bundle's lines say it)
 * @param warmup           true in warm-up (nothing is scored yet)
 * @param phase            the measurement phase, from 1; 0 in warm-up
 * @param phases           measurement phases of the run
 * @param phaseSecondsLeft seconds left in this phase (or in warm-up)
 * @param runSecondsLeft   seconds left until the last phase ends
 * @param workloads        one row per tile and workload
 * @param clusterCpuPercent the cluster's hosts' busy CPU over the interval as a share of all their cores;
 *                         null where the platform cannot tell
 */
public record LiveInterval(String end, boolean warmup, int phase, int phases, long phaseSecondsLeft,
                           long runSecondsLeft, List<LiveWorkload> workloads, Double clusterCpuPercent) {

    public LiveInterval {
        workloads = List.copyOf(workloads);
    }

    /**
     * One workload of one tile: the interval's throughput against its target, and latency and QoS of the
     * phase so far (of the interval in warm-up).
     *
     * @param headlineOperation the operation whose latency the console line shows
     * @param p95Ms             its 95th percentile; p90Ms its 90th
     * @param qosPercentile     the percentile its QoS rule limits, or null when no rule limits it
     * @param qosLimitMs        that rule's limit, or null
     * @param qosPassed         whether every QoS rule of the workload holds as it stands
     * @param qosReasons        the failing rules' details
     * @param scheduleLagP99Ms  p99 of how late work started against its plan
     */
    public record LiveWorkload(int tile, String workload, String metricUnit, double throughput, double target,
                               String headlineOperation, double p95Ms, double p90Ms, Double qosPercentile,
                               Double qosLimitMs, boolean qosPassed, List<String> qosReasons, double scheduleLagP99Ms,
                               long errors) {
        public LiveWorkload {
            qosReasons = List.copyOf(qosReasons);
        }
    }
}
