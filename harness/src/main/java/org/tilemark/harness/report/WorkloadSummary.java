package org.tilemark.harness.report;

import java.util.List;
import java.util.Map;
import org.tilemark.scoring.OperationStats;

/**
 * Result of one workload on one tile in one phase. From score.json when scored; otherwise
 * derived from intervals, in which case normalized/passed are unknown (NaN/null) and the latency
 * percentiles are those of the phase's merged interval histograms (NaN without them).
 * {@code scored} is false for a workload outside the tile's geometric mean (score.json's
 * {@code "scored": false}, e.g. the standby server); absent means scored.
 */
record WorkloadSummary(int phase, int tile, String workload, String metric, double throughput,
                       double reference, double normalized, Boolean passed, List<String> reasons,
                       long attempts, long errors, long rollbacks, double scheduleLagP99Ms,
                       Map<String, OperationStats> operations, boolean fromScore, boolean scored) {
}
