package org.tilemark.scoring;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One phase's infrastructure result: rates and score, QoS, and per operation type how many succeeded
 * and failed. The live run, {@code tilemark verify} and score.json's {@code infraOperations} share it.
 */
public record InfraPhase(InfraScore score, QosVerdict qos, Map<String, Long> completed, Map<String, Long> failed) {

    public InfraPhase {
        Require.nonNull(score, "score");
        Require.nonNull(qos, "qos");
        completed = Require.mapCopy(completed, "completed");
        failed = Require.mapCopy(failed, "failed");
    }

    /**
     * Scores the operations that ended in one phase of {@code length}: ops/hour per planned type (the
     * keys of {@code references}) over its reference; QoS fails for a type that never completed and for
     * every failed operation.
     */
    public static InfraPhase of(List<InfraOutcome> inPhase, Map<String, Double> references, Duration length) {
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
}
