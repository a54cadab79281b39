package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Lenient accessors over Jackson trees: the bundle may come from an older or crashed harness. */
final class Json {
    private Json() {
    }

    static JsonNode at(JsonNode node, String field) {
        if (node == null || !node.isObject()) {
            return MissingNode.getInstance();
        }
        JsonNode value = node.get(field);
        return value == null ? MissingNode.getInstance() : value;
    }

    /** Text of a field, or "" when absent or null. */
    static String text(JsonNode node, String field) {
        JsonNode value = at(node, field);
        return value.isMissingNode() || value.isNull() ? "" : value.asText();
    }

    /** Numeric field, or NaN when absent, null or not a number. */
    static double dbl(JsonNode node, String field) {
        JsonNode value = at(node, field);
        return value.isNumber() ? value.asDouble() : Double.NaN;
    }

    static long longOr(JsonNode node, String field, long fallback) {
        JsonNode value = at(node, field);
        return value.isNumber() ? value.asLong() : fallback;
    }

    /** Boolean field, or null when absent. */
    static Boolean bool(JsonNode node, String field) {
        JsonNode value = at(node, field);
        return value.isBoolean() ? value.asBoolean() : null;
    }

    static List<String> strings(JsonNode node, String field) {
        List<String> result = new ArrayList<>();
        for (JsonNode item : at(node, field)) {
            result.add(item.asText());
        }
        return result;
    }

    static List<JsonNode> array(JsonNode node, String field) {
        List<JsonNode> result = new ArrayList<>();
        JsonNode value = at(node, field);
        if (value.isArray()) {
            value.forEach(result::add);
        }
        return result;
    }

    /** Operations object → stats, keeping the writer's order. */
    static Map<String, OperationStats> operations(JsonNode node) {
        Map<String, OperationStats> result = new LinkedHashMap<>();
        JsonNode ops = at(node, "operations");
        if (ops.isObject()) {
            ops.properties().forEach(e -> result.put(e.getKey(), OperationStats.from(e.getValue())));
        }
        return result;
    }

    /** ISO-8601 instant with Z or an offset; null when absent or unparsable. */
    static Instant instant(JsonNode node, String field) {
        String text = text(node, field);
        if (text.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException notUtc) {
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException unparsable) {
                return null;
            }
        }
    }
}
