package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.tilemark.infra.ops.InfraOperationType;

/**
 * One line of infra-ops.jsonl: a vMotion, Storage vMotion, XvMotion or deploy, with where the VM
 * went, how long it took and the measured phase it ended in (0: outside the measured phases).
 * Absent numbers (a deploy has no stun time) are NaN.
 */
record InfraOperation(String operation, int block, String vm, String role, int tile,
                      Placement from, Placement to, Instant start, Instant end, double durationMs,
                      double bytesMoved, double stunMs, double downtimeMs, String outcome, String error,
                      int phase) {

    static final String SUCCEEDED = "succeeded";
    /** The operation types in the order the report shows them; unknown types follow, by name. */
    static final List<String> TYPES = InfraOperationType.ids();
    static final Comparator<String> TYPE_ORDER = Comparator
            .comparingInt((String type) -> TYPES.contains(type) ? TYPES.indexOf(type) : TYPES.size())
            .thenComparing(Comparator.naturalOrder());

    /** Host and datastore of one end of an operation; either may be empty (a deploy comes from a template). */
    record Placement(String host, String datastore) {
        static Placement from(JsonNode node) {
            return new Placement(Json.text(node, "host"), Json.text(node, "datastore"));
        }

        @Override
        public String toString() {
            if (host.isEmpty()) {
                return datastore.isEmpty() ? "–" : datastore;
            }
            return datastore.isEmpty() ? host : host + " / " + datastore;
        }
    }

    static String displayName(String type) {
        return InfraOperationType.displayName(type);
    }

    /** Anything but an explicit success counts as failed: a crash may leave an outcome unrecorded. */
    boolean failed() {
        return !SUCCEEDED.equals(outcome);
    }

    /** Parses one line's tree; null when the operation cannot be placed (no type, start or end). */
    static InfraOperation from(JsonNode node) {
        String operation = Json.text(node, "operation");
        Instant start = Json.instant(node, "start");
        Instant end = Json.instant(node, "end");
        if (!node.isObject() || operation.isEmpty() || start == null || end == null) {
            return null;
        }
        double duration = Json.dbl(node, "durationMs");
        return new InfraOperation(operation, (int) Json.longOr(node, "block", 0), Json.text(node, "vm"),
                Json.text(node, "role"), (int) Json.longOr(node, "tile", 0),
                Placement.from(Json.at(node, "from")), Placement.from(Json.at(node, "to")), start, end,
                Double.isNaN(duration) ? Duration.between(start, end).toMillis() : duration,
                Json.dbl(node, "bytesMoved"), Json.dbl(node, "stunMs"), Json.dbl(node, "downtimeMs"),
                Json.text(node, "outcome"), Json.text(node, "error"), (int) Json.longOr(node, "phase", 0));
    }
}
