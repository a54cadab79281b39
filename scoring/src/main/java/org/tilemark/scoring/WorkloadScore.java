package org.tilemark.scoring;

/**
 * One workload of one tile, scored: {@code normalized = throughput / reference}.
 *
 * @param reference the reference platform's throughput in the same unit
 * @param qos       this workload's QoS verdict (reasons unprefixed)
 */
public record WorkloadScore(int tile, String workload, String metricUnit, double throughput, double reference,
        double normalized, QosVerdict qos, WorkloadResult result) {

    public WorkloadScore {
        Require.nonNegative(tile, "tile");
        Require.nonBlank(workload, "workload");
        Require.nonBlank(metricUnit, "metricUnit");
        Require.nonNegative(throughput, "throughput");
        Require.positive(reference, "reference");
        Require.nonNegative(normalized, "normalized");
        Require.nonNull(qos, "qos");
        Require.nonNull(result, "result");
        if (result.tile() != tile || !result.workload().equals(workload)) {
            throw new IllegalArgumentException("result is of tile " + result.tile() + " workload "
                    + result.workload() + ", not tile " + tile + " workload " + workload);
        }
    }
}
