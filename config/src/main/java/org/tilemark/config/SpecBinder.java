package org.tilemark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Binds a merged YAML tree onto the spec records by walking their components reflectively, collecting
 * every unknown key and type error instead of stopping at the first. Where a value cannot be bound it
 * substitutes a placeholder and remembers the path, so range checks can skip it rather than report noise.
 * One instance binds one tree.
 */
final class SpecBinder {

    private static final JsonNode EMPTY = JsonNodeFactory.instance.objectNode();

    private final KeySuggestions suggestions;
    private final PlatformConfigs platforms;
    private final List<String> errors = new ArrayList<>();
    private final Set<String> failedPaths = new LinkedHashSet<>();

    private final boolean userInput;

    /** @param userInput a user's file and overrides (strict), not a snapshot a results bundle recorded */
    SpecBinder(KeySuggestions suggestions, PlatformConfigs platforms, boolean userInput) {
        this.suggestions = suggestions;
        this.platforms = platforms;
        this.userInput = userInput;
    }

    List<String> errors() {
        return List.copyOf(errors);
    }

    /** Key paths whose value could not be bound; anything at or below them holds a placeholder. */
    Set<String> failedPaths() {
        return Set.copyOf(failedPaths);
    }

    <T extends Record> T bindRecord(Class<T> type, JsonNode node, String path) {
        return bindRecord(type, node, path, false);
    }

    /** @param quiet true while building a placeholder below a failed path: report nothing more there */
    private <T extends Record> T bindRecord(Class<T> type, JsonNode node, String path, boolean quiet) {
        if (!node.isObject()) {
            fail(path, quiet, "expected a mapping, got " + describe(node));
            node = EMPTY;
            quiet = true;
        }
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            if (component.isAnnotationPresent(PlatformSection.class)) {
                keys.addAll(platforms.names());
                continue; // bound below, once the component naming the platform is
            }
            keys.add(component.getName());
            String childPath = join(path, component.getName());
            values[i] = bindValue(component.getGenericType(), component.getType(), node.get(component.getName()),
                    childPath, component.isAnnotationPresent(OptionalValue.class), quiet);
        }
        for (int i = 0; i < components.length; i++) {
            PlatformSection section = components[i].getAnnotation(PlatformSection.class);
            if (section != null) {
                values[i] = bindPlatformSections(node, path, valueOf(section.selector(), components, values), quiet);
            }
        }
        reportUnknownKeys(node, path, keys);
        return construct(type, components, values);
    }

    private static Object valueOf(String name, RecordComponent[] components, Object[] values) {
        for (int i = 0; i < components.length; i++) {
            if (components[i].getName().equals(name)) {
                return values[i];
            }
        }
        throw new IllegalStateException("@PlatformSection names a component that does not exist: " + name);
    }

    /**
     * Binds the section of every platform found (so a typo in any of them is reported) and returns the
     * selected platform's, or null when no platform found has that name (the validator says so).
     */
    private Record bindPlatformSections(JsonNode node, String path, Object selected, boolean quiet) {
        Record chosen = null;
        for (PlatformConfig<?> platform : platforms.all()) {
            String sectionPath = join(path, platform.name());
            JsonNode section = node.get(platform.name());
            Record bound = bindRecord(platform.sectionType(), section == null ? EMPTY : section, sectionPath, quiet);
            if (platform.name().equals(selected)) {
                chosen = bound;
            }
        }
        return chosen;
    }

    private void reportUnknownKeys(JsonNode node, String path, List<String> keys) {
        Set<String> known = Set.copyOf(keys);
        for (Map.Entry<String, JsonNode> property : node.properties()) {
            String key = property.getKey();
            if (known.contains(key)) {
                continue;
            }
            String unknownPath = join(path, Messages.clip(key));
            Optional<String> suggestion = suggestions.suggest(path, key);
            errors.add("unknown key '" + unknownPath + "'" + suggestion
                    .map(found -> " (did you mean '" + found + "'?)")
                    .orElseGet(() -> " (valid keys" + (path.isEmpty() ? "" : " under '" + path + "'") + ": "
                            + String.join(", ", keys)
                            + ")"));
        }
    }

    private Object bindValue(Type genericType, Class<?> type, JsonNode node, String path, boolean optional,
            boolean quiet) {
        boolean blankText = node != null && node.isTextual() && node.asText().isBlank();
        if (node == null || node.isNull() || (optional && blankText)) {
            if (optional) {
                return null;
            }
            fail(path, quiet, node == null ? "missing required key" : "expected " + expectation(type) + ", got nothing");
            return type.isRecord() ? bindRecord(type.asSubclass(Record.class), EMPTY, path, true) : placeholder(type);
        }
        if (type.isRecord()) {
            return bindRecord(type.asSubclass(Record.class), node, path, quiet);
        }
        if (type == Map.class) {
            return bindMap((ParameterizedType) genericType, node, path, quiet);
        }
        Object value = node.isContainerNode() ? INVALID : convertScalar(type, node);
        if (value == INVALID) {
            fail(path, quiet, "expected " + expectation(type) + ", got " + describe(node));
            return placeholder(type);
        }
        return value;
    }

    private Map<String, Object> bindMap(ParameterizedType mapType, JsonNode node, String path, boolean quiet) {
        Map<String, Object> bound = new LinkedHashMap<>();
        if (!node.isObject()) {
            fail(path, quiet, "expected a mapping, got " + describe(node));
            return bound;
        }
        Class<?> valueType = unboxed((Class<?>) mapType.getActualTypeArguments()[1]);
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            String entryPath = join(path, entry.getKey());
            if (entry.getValue().isNull() && valueType == Duration.class && userInput) {
                // A limit removed would silently drop a QoS rule; a limit can be raised, not removed.
                // (Snapshots recorded before this rule may hold removed limits: they still load.)
                fail(entryPath, quiet, "a limit cannot be removed (~ or null); give a duration");
                continue;
            }
            if (entry.getValue().isNull()) {
                continue; // maps merge per key, so null is how a file removes a default entry
            }
            Object value = bindValue(valueType, valueType, entry.getValue(), entryPath, false, quiet);
            // A failed entry is left out rather than kept as a placeholder weight of 0.
            if (value != null && !failedPaths.contains(entryPath)) {
                bound.put(entry.getKey(), value);
            }
        }
        return bound;
    }

    /** Map values are boxed by necessity; they bind like the primitive they box. */
    private static Class<?> unboxed(Class<?> type) {
        if (type == Double.class) {
            return double.class;
        }
        if (type == Integer.class) {
            return int.class;
        }
        if (type == Long.class) {
            return long.class;
        }
        return type == Boolean.class ? boolean.class : type;
    }

    // Plain ASCII decimals only: Java's parsers also take '+3', Arabic-Indic digits, '2f', '0x1p3' and 'NaN'.
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]{1,19}");
    private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,30}(\\.[0-9]{1,30})?([eE]-?[0-9]{1,3})?");

    /** Returned by {@link #convertScalar} for a value that does not fit the type. */
    private static final Object INVALID = new Object();

    /**
     * Converts a scalar node. Text is accepted for every type, because command-line overrides arrive as text
     * and quoting a number in YAML should not be an error.
     */
    private static Object convertScalar(Class<?> type, JsonNode node) {
        String text = node.asText().strip();
        try {
            if (type == int.class) {
                return node.isIntegralNumber() ? (node.canConvertToInt() ? node.intValue() : INVALID)
                        : node.isTextual() && INTEGER.matcher(text).matches() ? Integer.parseInt(text) : INVALID;
            }
            if (type == long.class) {
                return node.isIntegralNumber() ? (node.canConvertToLong() ? node.longValue() : INVALID)
                        : node.isTextual() && INTEGER.matcher(text).matches() ? Long.parseLong(text) : INVALID;
            }
            if (type == double.class) {
                double value = node.isNumber() ? node.doubleValue() : node.isTextual() && DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
                return Double.isFinite(value) ? value : INVALID;
            }
            if (type == boolean.class) {
                if (node.isBoolean()) {
                    return node.booleanValue();
                }
                return text.equalsIgnoreCase("true") ? Boolean.TRUE : text.equalsIgnoreCase("false") ? Boolean.FALSE : INVALID;
            }
            if (type == String.class) {
                return node.asText();
            }
            if (type == Path.class) {
                return text.isEmpty() ? INVALID : Path.of(text);
            }
            if (type == Duration.class) {
                if (node.isNumber()) {
                    return node.asDouble() == 0 ? Duration.ZERO : INVALID;
                }
                return node.isTextual() ? Durations.parse(text) : INVALID;
            }
        } catch (IllegalArgumentException e) {
            // NumberFormatException and InvalidPathException are IllegalArgumentExceptions; the caller reports the value as given.
            return INVALID;
        }
        throw new IllegalStateException("spec records use an unsupported type: " + type);
    }

    private static String expectation(Class<?> type) {
        if (type == int.class || type == long.class) {
            return "an integer";
        }
        if (type == double.class) {
            return "a number";
        }
        if (type == boolean.class) {
            return "true or false";
        }
        if (type == Path.class) {
            return "a path";
        }
        if (type == Duration.class) {
            return Durations.SYNTAX;
        }
        if (type == String.class) {
            return "a string";
        }
        return "a mapping";
    }

    private static String describe(JsonNode node) {
        if (node.isObject()) {
            return "a mapping";
        }
        if (node.isArray()) {
            return "a list";
        }
        if (node.isNull()) {
            return "nothing";
        }
        return "'" + Messages.echo(node.asText()) + "'";
    }

    private static Object placeholder(Class<?> type) {
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == double.class) {
            return 0.0;
        }
        if (type == boolean.class) {
            return false;
        }
        return type == Map.class ? Map.of() : null;
    }

    private void fail(String path, boolean quiet, String problem) {
        failedPaths.add(path);
        if (!quiet) {
            errors.add((path.isEmpty() ? "configuration" : path) + ": " + problem);
        }
    }

    private static String join(String parent, String key) {
        return parent.isEmpty() ? key : parent + "." + key;
    }

    private static <T extends Record> T construct(Class<T> type, RecordComponent[] components, Object[] values) {
        Class<?>[] parameterTypes = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        try {
            var constructor = type.getDeclaredConstructor(parameterTypes);
            constructor.setAccessible(true); // a platform's section record is private to its package
            return constructor.newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot construct " + type.getSimpleName(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot construct " + type.getSimpleName(), e);
        }
    }
}
