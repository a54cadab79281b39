package org.tilemark.scoring;

import java.util.List;

/**
 * One tile: the geometric mean of its workloads' normalized scores.
 *
 * @param qos every workload's verdict, reasons prefixed "tile N workload: "
 */
public record TileScore(int tile, List<WorkloadScore> workloads, double score, QosVerdict qos) {

    public TileScore {
        Require.nonNegative(tile, "tile");
        workloads = Require.listCopy(workloads, "workloads");
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("workloads must not be empty");
        }
        for (WorkloadScore workload : workloads) {
            if (workload.tile() != tile) {
                throw new IllegalArgumentException("workloads holds " + workload.workload() + " of tile "
                        + workload.tile() + " in tile " + tile);
            }
        }
        Require.nonNegative(score, "score");
        Require.nonNull(qos, "qos");
    }
}
