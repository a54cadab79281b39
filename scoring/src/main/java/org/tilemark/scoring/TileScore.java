package org.tilemark.scoring;

import java.util.List;

/**
 * One tile: the geometric mean of its scored workloads' normalized scores.
 *
 * @param workloads every workload of the tile, scored and unscored (see {@link WorkloadScore#scored()})
 * @param qos       every workload's verdict, unscored ones included, reasons prefixed "tile N workload: "
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

    /** The workloads in the geometric mean, in order. */
    public List<WorkloadScore> scoredWorkloads() {
        return workloads.stream().filter(WorkloadScore::scored).toList();
    }

    /** The workloads that only had to pass QoS (e.g. the standby server), in order. */
    public List<WorkloadScore> unscoredWorkloads() {
        return workloads.stream().filter(w -> !w.scored()).toList();
    }
}
