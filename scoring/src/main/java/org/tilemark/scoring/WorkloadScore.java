package org.tilemark.scoring;

/**
 * One workload of one tile, scored: {@code normalized = throughput / reference}.
 *
 * @param reference the reference platform's throughput in the same unit
 * @param qos       this workload's QoS verdict (reasons unprefixed)
 * @param scored    whether {@code normalized} joins the tile's geometric mean; an unscored workload
 *                  (VMmark's standby server) only has to pass its QoS
 */
public record WorkloadScore(int tile, String workload, String metricUnit, double throughput, double reference,
        double normalized, QosVerdict qos, WorkloadResult result, boolean scored) {

    /** A scored workload (the common case). */
    public WorkloadScore(int tile, String workload, String metricUnit, double throughput, double reference,
            double normalized, QosVerdict qos, WorkloadResult result) {
        this(tile, workload, metricUnit, throughput, reference, normalized, qos, result, true);
    }

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

    /** The same score, joining the tile's geometric mean or not. */
    public WorkloadScore withScored(boolean scored) {
        return scored == this.scored ? this
                : new WorkloadScore(tile, workload, metricUnit, throughput, reference, normalized, qos, result, scored);
    }
}
