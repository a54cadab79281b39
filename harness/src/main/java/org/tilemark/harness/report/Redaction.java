package org.tilemark.harness.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Defence in depth: a report is shared widely, so secret-looking config values never reach it. */
final class Redaction {
    private static final Pattern SECRET_KEY =
            Pattern.compile("(?i).*(password|passwd|secret|token|credential|api[-_]?key|private[-_]?key).*");
    static final String REDACTED = "***redacted***";

    private Redaction() {
    }

    static String prettyRedacted(JsonNode config) {
        JsonNode copy = redact(config.deepCopy());
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(copy);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed JSON tree must serialize", e);
        }
    }

    private static JsonNode redact(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> keys = new ArrayList<>();
            object.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                JsonNode value = object.get(key);
                if (SECRET_KEY.matcher(key).matches() && value.isTextual()) {
                    object.put(key, REDACTED);
                } else {
                    redact(value);
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(Redaction::redact);
        }
        return node;
    }
}
