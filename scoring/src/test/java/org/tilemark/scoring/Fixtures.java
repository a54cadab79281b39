package org.tilemark.scoring;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/** Small builders for test values. */
final class Fixtures {
    private Fixtures() {
    }

    /** An operation's stats under its name. */
    static Map.Entry<String, OperationStats> stats(String operation, long count, double p95Ms) {
        return Map.entry(operation, new OperationStats(count, 0, p95Ms / 2, p95Ms / 2, p95Ms * 0.9, p95Ms, p95Ms * 1.1,
                p95Ms * 2));
    }

    static WorkloadResult result(int tile, String workload, double throughput,
            List<Map.Entry<String, OperationStats>> operations, long attempts, long errors, long rollbacks,
            double scheduleLagP99Ms) {
        Map<String, OperationStats> byName = new LinkedHashMap<>();
        operations.forEach(named -> byName.put(named.getKey(), named.getValue()));
        return new WorkloadResult(tile, workload, "units/min", throughput, Duration.ofMinutes(30), byName,
                attempts, errors, rollbacks, scheduleLagP99Ms, Map.of());
    }

    static WorkloadResult result(int tile, String workload, double throughput) {
        return result(tile, workload, throughput, List.of(), 100, 0, 0, 0);
    }

    static WorkloadScore workloadScore(int tile, String workload, double normalized, QosVerdict qos) {
        return new WorkloadScore(tile, workload, "units/min", normalized * 10, 10, normalized, qos,
                result(tile, workload, normalized * 10));
    }

    /** A tile with one workload whose normalized score is the tile score wanted. */
    static TileScore tile(int tile, double score, QosVerdict qos) {
        return Scoring.tile(tile, List.of(workloadScore(tile, "w", score, qos)));
    }

    static PhaseScore phase(int phase, double appScore, QosVerdict qos) {
        return Scoring.phase(phase, List.of(tile(1, appScore, qos)), OptionalDouble.empty());
    }

    static RunScore run(int tiles, double score, boolean compliant) {
        QosVerdict qos = compliant ? QosVerdict.pass() : QosVerdict.fail("too slow");
        List<TileScore> tileScores = java.util.stream.IntStream.rangeClosed(1, tiles)
                .mapToObj(t -> tile(t, score / tiles, qos)).toList();
        return Scoring.run(List.of(Scoring.phase(1, tileScores, OptionalDouble.empty())));
    }
}
