package org.tilemark.harness.bundle;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import org.tilemark.infra.platform.Placement;

/**
 * An infra-ops.jsonl line's {@code from} or {@code to} as the platform's {@link Placement}: older deploy lines
 * wrote {@code "from":{}}, which is no placement (null, as newer lines leave it out); a placement that names
 * only its host or only its datastore keeps the other empty.
 */
final class LinePlacement extends StdDeserializer<Placement> {

    LinePlacement() {
        super(Placement.class);
    }

    @Override
    public Placement deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        JsonNode node = parser.readValueAsTree();
        if (node == null || !node.isObject()) {
            return (Placement) context.handleUnexpectedToken(Placement.class, parser);
        }
        String host = node.path("host").asText("");
        String datastore = node.path("datastore").asText("");
        return host.isEmpty() && datastore.isEmpty() ? null : new Placement(host, datastore);
    }
}
