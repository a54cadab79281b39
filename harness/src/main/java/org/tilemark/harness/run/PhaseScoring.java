package org.tilemark.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.InfraSpec;
import org.tilemark.infra.ops.Deploy;
import org.tilemark.infra.ops.StorageVMotion;
import org.tilemark.infra.ops.VMotion;
import org.tilemark.infra.ops.XvMotion;
import org.tilemark.scoring.InfraScore;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.QosVerdict;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.scoring.WorkloadScore;
import org.tilemark.workloads.Workload;

/**
 * How measured counts and histograms become scores. Public because {@code tilemark verify} must
 * recompute a bundle's score with exactly the code a live run used, not with a second copy of it.
 */
public final class PhaseScoring {

    /** One infrastructure operation as scoring sees it; {@code failure} is the QoS reason when it failed. */
    public record InfraOutcome(String operation, boolean succeeded, String failure) {
    }

    /** A phase's infrastructure result: rates and score, QoS, and per type how many succeeded and failed. */
    public record InfraPhase(InfraScore score, QosVerdict qos, Map<String, Long> completed, Map<String, Long> failed) {
    }

    private PhaseScoring() {
    }

    /** One interval's or one phase's result of one workload of one tile, in the scoring module's terms. */
    public static WorkloadResult workloadResult(int tile, String workload, String metricUnit, Duration metricPeriod,
                                                Duration measured, Map<String, ? extends AbstractHistogram> latency,
                                                Map<String, Long> operationErrors, long attempts, long completed,
                                                long errors, long rollbacks, AbstractHistogram lag,
                                                Map<String, Long> vmErrors) {
        Map<String, OperationStats> operations = new TreeMap<>();
        TreeSet<String> names = new TreeSet<>(latency.keySet());
        names.addAll(operationErrors.keySet());
        for (String op : names) {
            AbstractHistogram h = latency.containsKey(op) ? latency.get(op) : new Histogram(3);
            operations.put(op, OperationStats.of(op, h, operationErrors.getOrDefault(op, 0L)));
        }
        double throughput = measured.isZero() ? 0 : Scoring.ratePer(completed, measured, metricPeriod);
        double lagP99Ms = lag.getTotalCount() == 0 ? 0 : lag.getValueAtPercentile(99) / 1e6;
        return new WorkloadResult(tile, workload, metricUnit, throughput, measured, operations, attempts, errors,
                rollbacks, lagP99Ms, vmErrors);
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

    /**
     * Scores the operations that ended in one phase of {@code length}: ops/hour per planned type over
     * its reference; QoS fails for a type that never completed and for every failed operation.
     */
    public static InfraPhase infra(List<InfraOutcome> inPhase, Map<String, Double> references, Duration length) {
        Map<String, Double> rates = new LinkedHashMap<>();
        Map<String, Long> completed = new LinkedHashMap<>();
        Map<String, Long> failed = new LinkedHashMap<>();
        QosVerdict qos = QosVerdict.pass();
        for (String type : references.keySet()) {
            long ok = inPhase.stream().filter(r -> r.operation().equals(type) && r.succeeded()).count();
            completed.put(type, ok);
            failed.put(type, inPhase.stream().filter(r -> r.operation().equals(type) && !r.succeeded()).count());
            rates.put(type, Scoring.ratePer(ok, length, Duration.ofHours(1)));
            if (ok == 0) {
                qos = qos.and(QosVerdict.fail("no " + type + " completed in the phase"));
            }
        }
        for (InfraOutcome broken : inPhase.stream().filter(r -> !r.succeeded()).toList()) {
            qos = qos.and(QosVerdict.fail(broken.failure()));
        }
        return new InfraPhase(Scoring.infrastructure(rates, references), qos, completed, failed);
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

    /** The QoS reason of a failed operation, as the live run and verify both word it. */
    public static String failureReason(String operation, String vm, String from, String to, String error) {
        return operation + " of " + vm + " (" + from + " -> " + to + ") failed: " + error;
    }

    /** A phase from its tiles, with the infrastructure result when operations ran. */
    public static PhaseScore phase(int phase, List<TileScore> tiles, java.util.Optional<InfraPhase> infra) {
        if (infra.isEmpty()) {
            return Scoring.phase(phase, tiles, OptionalDouble.empty());
        }
        return Scoring.phase(phase, tiles, OptionalDouble.of(infra.get().score().score()), infra.get().qos());
    }
}
