package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;

/** Latency summary of one operation; NaN marks a value the bundle did not record. */
record OperationStats(long count, long errors, double meanMs, double p50Ms, double p90Ms,
                      double p95Ms, double p99Ms, double maxMs) {

    static OperationStats from(JsonNode node) {
        return new OperationStats(
                Json.longOr(node, "count", 0), Json.longOr(node, "errors", 0),
                Json.dbl(node, "meanMs"), Json.dbl(node, "p50Ms"), Json.dbl(node, "p90Ms"),
                Json.dbl(node, "p95Ms"), Json.dbl(node, "p99Ms"), Json.dbl(node, "maxMs"));
    }
}
