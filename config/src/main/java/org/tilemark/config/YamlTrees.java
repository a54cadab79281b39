package org.tilemark.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Reads the configuration layers as YAML trees and merges them; binding to records happens later. */
final class YamlTrees {

    private static final String DEFAULTS_RESOURCE = "/tilemark/defaults.yaml";

    // Not YAMLFactory.builder(): its parser reads an empty value ("run:") as "" instead of null.
    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    ObjectNode defaults() {
        return resource(DEFAULTS_RESOURCE);
    }

    /** A built-in YAML tree from the class path (the defaults, a profile's layer). */
    ObjectNode resource(String name) {
        return resource(YamlTrees.class, name);
    }

    /** A built-in YAML tree from the class path, {@code name} resolved as {@code anchor}'s resources are. */
    ObjectNode resource(Class<?> anchor, String name) {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the classpath");
            }
            return (ObjectNode) yaml.readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("built-in " + name + " is unreadable", e);
        }
    }

    /** Plain nested maps (as {@link ConfigWriter} makes them) as a tree. */
    static ObjectNode tree(Map<String, Object> plain) {
        return new ObjectMapper().valueToTree(plain);
    }

    /** The user's file as a tree; an empty file is an empty mapping. */
    ObjectNode readFile(Path file) throws ConfigException {
        String text;
        try {
            text = InputFiles.readText(file, InputFiles.CONFIG_MAX_BYTES);
        } catch (InputFiles.InputFileException e) {
            throw new ConfigException(Files.exists(file) ? "config file " + e.getMessage() : "config file not found: " + file);
        }
        return parsed(text, file.toString(), "config file " + file);
    }

    /** A configuration given as text (the body of a request), named {@code source} in errors; capped like a file. */
    ObjectNode readText(String text, String source) throws ConfigException {
        if (text.length() > InputFiles.CONFIG_MAX_BYTES) {
            throw new ConfigException("config " + source + ": larger than " + InputFiles.CONFIG_MAX_BYTES + " bytes");
        }
        return parsed(text, source, "config " + source);
    }

    private static ObjectNode parsed(String text, String source, String described) throws ConfigException {
        JsonNode tree = StrictYaml.parse(text, source);
        if (tree == null || tree.isNull()) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (!tree.isObject()) {
            throw new ConfigException(described + ": expected a mapping of keys at the top level");
        }
        return (ObjectNode) tree;
    }

    /**
     * Merges {@code overlay} into {@code base}: mappings merge per key at every depth, anything else replaces.
     * An empty section ({@code run:} with nothing under it) leaves the base section as it was.
     */
    static void deepMerge(ObjectNode base, ObjectNode overlay) {
        for (Map.Entry<String, JsonNode> entry : overlay.properties()) {
            JsonNode existing = base.get(entry.getKey());
            JsonNode incoming = entry.getValue();
            if (existing != null && existing.isObject() && incoming.isObject()) {
                deepMerge((ObjectNode) existing, (ObjectNode) incoming);
            } else if (!(existing != null && existing.isObject() && incoming.isNull())) {
                base.set(entry.getKey(), incoming);
            }
        }
    }

    /**
     * Applies dotted-path overrides such as {@code run.tiles=2}. Values stay text; the binder converts
     * them to the field's type. Returns the errors for malformed key paths.
     */
    static List<String> applyOverrides(ObjectNode tree, Map<String, String> overrides) {
        List<String> errors = new ArrayList<>();
        overrides.forEach((keyPath, value) -> {
            String[] segments = keyPath.split("\\.", -1);
            boolean wellFormed = !keyPath.isBlank();
            for (String segment : segments) {
                wellFormed &= !segment.isBlank();
            }
            if (!wellFormed) {
                errors.add("override '" + keyPath + "': not a dotted key path like run.tiles");
                return;
            }
            ObjectNode parent = tree;
            for (int i = 0; i < segments.length - 1; i++) {
                JsonNode child = parent.get(segments[i]);
                if (child != null && !child.isObject() && !child.isNull()) {
                    return; // a list or a value where a section belongs: kept, so binding names it, not replaced
                }
                parent = child == null || child.isNull() ? parent.putObject(segments[i]) : (ObjectNode) child;
            }
            parent.set(segments[segments.length - 1], TextNode.valueOf(value));
        });
        return errors;
    }
}
