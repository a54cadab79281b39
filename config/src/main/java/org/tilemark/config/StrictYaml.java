package org.tilemark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringReader;
import java.util.Iterator;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.events.StreamEndEvent;

/**
 * A user's YAML as a tree of mappings, lists, nulls and text, built from the parser's events so that
 * what YAML would otherwise do silently is refused with its line: a second document, a tag
 * ({@code !!java.lang.Runtime}), an alias (Jackson reads {@code *x} as the text "x"), a duplicate key,
 * a key that is not a plain string. Every scalar stays text; the binder converts it strictly to its
 * field's type, so {@code +3}, {@code 2f} or Arabic-Indic digits are not numbers.
 */
final class StrictYaml {

    private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");
    private static final int MAX_DEPTH = 40;

    private final Iterator<Event> events;
    private final String source;

    private StrictYaml(String text, String source) {
        this.events = new Yaml().parse(new StringReader(text)).iterator();
        this.source = source;
    }

    /** The document's root node, or null for an empty stream; {@code source} names the file in errors. */
    static JsonNode parse(String text, String source) throws ConfigException {
        try {
            return new StrictYaml(text, source).stream();
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            throw new ConfigException(malformed(source, mark, e.getProblem()));
        } catch (YAMLException e) {
            throw new ConfigException(malformed(source, null, firstLine(e.getMessage())));
        }
    }

    private JsonNode stream() throws ConfigException {
        next(); // stream start
        Event event = next();
        if (event instanceof StreamEndEvent) {
            return null;
        }
        JsonNode root = node(next(), 1);
        next(); // document end
        event = next();
        if (!(event instanceof StreamEndEvent)) {
            throw refused(event, "a second YAML document ('---'); put every setting in one document");
        }
        return root;
    }

    private JsonNode node(Event event, int depth) throws ConfigException {
        if (depth > MAX_DEPTH) {
            throw refused(event, "nested deeper than " + MAX_DEPTH + " levels");
        }
        if (event instanceof AliasEvent) {
            throw refused(event, "YAML aliases ('*" + ((AliasEvent) event).getAnchor() + "') are not supported; write the value out");
        }
        if (event instanceof NodeEvent nodeEvent && nodeEvent.getAnchor() != null && event instanceof CollectionStartEvent) {
            throw refused(event, "YAML anchors on mappings or lists ('&" + nodeEvent.getAnchor() + "') are not supported");
        }
        String tag = event instanceof ScalarEvent s ? s.getTag()
                : event instanceof CollectionStartEvent c ? c.getTag() : null;
        if (tag != null) {
            throw refused(event, "YAML tags ('" + tag + "') are not supported");
        }
        if (event instanceof ScalarEvent scalar) {
            boolean plain = scalar.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN;
            return plain && NULLS.contains(scalar.getValue()) ? JsonNodeFactory.instance.nullNode()
                    : JsonNodeFactory.instance.textNode(scalar.getValue());
        }
        if (event instanceof MappingStartEvent) {
            return mapping(depth);
        }
        if (event instanceof SequenceStartEvent) {
            ArrayNode list = JsonNodeFactory.instance.arrayNode();
            for (Event item = next(); !item.is(Event.ID.SequenceEnd); item = next()) {
                list.add(node(item, depth + 1));
            }
            return list;
        }
        throw refused(event, "unexpected YAML " + event.getEventId());
    }

    private ObjectNode mapping(int depth) throws ConfigException {
        ObjectNode map = JsonNodeFactory.instance.objectNode();
        for (Event key = next(); !key.is(Event.ID.MappingEnd); key = next()) {
            if (!(key instanceof ScalarEvent scalar) || scalar.getTag() != null || scalar.getAnchor() != null) {
                throw refused(key, "a key must be a plain name");
            }
            String name = scalar.getValue();
            if (map.has(name)) {
                throw refused(key, "duplicate key '" + Messages.clip(name) + "'");
            }
            map.set(name, node(next(), depth + 1));
        }
        return map;
    }

    private Event next() {
        return events.next();
    }

    private ConfigException refused(Event event, String problem) {
        return new ConfigException(malformed(source, event.getStartMark(), problem));
    }

    private static String malformed(String source, Mark mark, String problem) {
        String where = mark == null ? "" : " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
        return "malformed YAML in " + source + where + ": " + (problem == null ? "" : firstLine(problem).strip());
    }

    private static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("");
    }
}
