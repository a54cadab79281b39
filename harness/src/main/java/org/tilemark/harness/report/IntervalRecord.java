package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** One line of intervals.jsonl: a metrics interval of one workload on one tile. */
record IntervalRecord(int interval, String stage, int phase, int tile, String workload,
                      Instant start, Instant end, long durationMs, String metric,
                      double throughput, double target, long attempts, long errors, long rollbacks,
                      double scheduleLagP99Ms, Map<String, Long> errorsByVm,
                      Map<String, OperationStats> operations) {

    static final String WARMUP = "warmup";

    boolean isWarmup() {
        return WARMUP.equals(stage);
    }

    /** Parses one line's tree; null when a field needed to place the interval is missing. */
    static IntervalRecord from(JsonNode node) {
        if (!node.isObject() || !Json.at(node, "interval").canConvertToInt()
                || !Json.at(node, "tile").canConvertToInt()
                || Json.text(node, "workload").isEmpty() || Json.text(node, "stage").isEmpty()) {
            return null;
        }
        Instant start = Json.instant(node, "start");
        if (start == null) {
            return null;
        }
        Map<String, Long> errorsByVm = new LinkedHashMap<>();
        JsonNode byVm = Json.at(node, "errorsByVm");
        if (byVm.isObject()) {
            byVm.properties().forEach(e -> errorsByVm.put(e.getKey(), e.getValue().asLong()));
        }
        return new IntervalRecord(
                Json.at(node, "interval").asInt(), Json.text(node, "stage"),
                (int) Json.longOr(node, "phase", 0), Json.at(node, "tile").asInt(),
                Json.text(node, "workload"), start, Json.instant(node, "end"),
                Json.longOr(node, "durationMs", 0), Json.text(node, "metric"),
                Json.dbl(node, "throughput"), Json.dbl(node, "target"),
                Json.longOr(node, "attempts", 0), Json.longOr(node, "errors", 0),
                Json.longOr(node, "rollbacks", 0), Json.dbl(node, "scheduleLagP99Ms"),
                errorsByVm, Json.operations(node));
    }
}
