package org.tilemark.harness.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.InfraSpec;
import org.tilemark.infra.ops.Deploy;
import org.tilemark.infra.ops.StorageVMotion;
import org.tilemark.infra.ops.VMotion;
import org.tilemark.infra.ops.XvMotion;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.scoring.WorkloadScore;
import org.tilemark.workloads.Workload;

/**
 * What the scoring module needs from the modules it may not see: each workload's reference and QoS
 * rules, each infrastructure operation type's reference rate. Public because {@code tilemark verify}
 * scores a bundle with exactly what a live run used.
 */
public final class ScoringInputs {

    private ScoringInputs() {
    }

    /** A tile's score from its workloads' phase results (workloads without a result are left out). */
    public static TileScore tile(BenchmarkSpec spec, List<Workload> workloads, int tile,
                                 Map<String, WorkloadResult> resultsByWorkload) {
        List<WorkloadScore> scores = new ArrayList<>();
        for (Workload w : workloads) {
            WorkloadResult result = resultsByWorkload.get(w.name());
            if (result != null) {
                scores.add(Scoring.workload(result, w.reference(spec), w.qosRules(spec), w.scored()));
            }
        }
        return Scoring.tile(tile, scores);
    }

    /** Reference ops/hour of every operation type, by the name its records carry. */
    public static Map<String, Double> infraReferences(InfraSpec infra) {
        Map<String, Double> references = new LinkedHashMap<>();
        references.put(VMotion.NAME, infra.vmotion().referenceOpsPerHour());
        references.put(StorageVMotion.NAME, infra.storageVmotion().referenceOpsPerHour());
        references.put(XvMotion.NAME, infra.xvmotion().referenceOpsPerHour());
        references.put(Deploy.NAME, infra.deploy().referenceOpsPerHour());
        return references;
    }
}
