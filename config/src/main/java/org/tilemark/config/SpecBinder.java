package org.tilemark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Binds a merged YAML tree onto the spec records by walking their components reflectively, collecting
 * every unknown key and type error instead of stopping at the first. Every node is checked against the
 * component it binds to: its shape (a mapping for a section or a map, a scalar for a value) and, for a
 * scalar, its syntax and range ({@link ScalarValues}). Where a value cannot be bound it is replaced with its
 * built-in default and its path remembered, so later checks see a value of the right shape and skip it
 * rather than report noise.
 * One instance binds one tree.
 */
final class SpecBinder {

    private static final JsonNode EMPTY = JsonNodeFactory.instance.objectNode();

    private final KeySuggestions suggestions;
    private final PlatformConfigs platforms;
    private final WorkloadConfigs workloads;
    private final JsonNode defaults;
    private final List<String> errors = new ArrayList<>();
    private final Set<String> failedPaths = new LinkedHashSet<>();

    private final boolean userInput;

    /**
     * @param defaults  the built-in defaults' tree: what a value that cannot be bound is replaced with
     * @param userInput a user's file and overrides (strict), not a snapshot a results bundle recorded
     */
    SpecBinder(KeySuggestions suggestions, PlatformConfigs platforms, WorkloadConfigs workloads, JsonNode defaults,
            boolean userInput) {
        this.suggestions = suggestions;
        this.platforms = platforms;
        this.workloads = workloads;
        this.defaults = defaults;
        this.userInput = userInput;
    }

    List<String> errors() {
        return List.copyOf(errors);
    }

    /** Key paths whose value could not be bound; anything at or below them holds its default or a placeholder. */
    Set<String> failedPaths() {
        return Set.copyOf(failedPaths);
    }

    /** Binds the whole tree onto {@code type}, the root record. */
    <T extends Record> T bind(Class<T> type, JsonNode tree) {
        Object bound = bindValue(type, type, "", tree, defaults, "", false, false);
        return type.cast(bound);
    }

    /**
     * Binds an object node: every component from the child of its name, which must have the component's shape
     * (a mapping for a record or a map, a scalar for anything else).
     *
     * @param quiet true while binding a substitute below a failed path: report nothing more there
     */
    private <T extends Record> T bindRecord(Class<T> type, JsonNode node, JsonNode fallback, String path, boolean quiet) {
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            if (component.isAnnotationPresent(PlatformSection.class)) {
                keys.addAll(platforms.names());
                continue; // bound below, once the component naming the platform is
            }
            if (component.isAnnotationPresent(WorkloadSections.class)) {
                keys.addAll(workloads.names());
                values[i] = bindWorkloadSections(node, fallback, path, quiet);
                continue;
            }
            String name = component.getName();
            keys.add(name);
            values[i] = bindValue(component.getGenericType(), component.getType(), name, node.get(name),
                    fallback.path(name), join(path, name), component.isAnnotationPresent(OptionalValue.class), quiet);
        }
        for (int i = 0; i < components.length; i++) {
            PlatformSection section = components[i].getAnnotation(PlatformSection.class);
            if (section != null) {
                values[i] = bindPlatformSections(node, fallback, path, valueOf(section.selector(), components, values), quiet);
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
    private Record bindPlatformSections(JsonNode node, JsonNode fallback, String path, Object selected, boolean quiet) {
        Record chosen = null;
        for (PlatformConfig<?> platform : platforms.all()) {
            Class<? extends Record> type = platform.sectionType();
            JsonNode section = node.get(platform.name());
            Record bound = (Record) bindValue(type, type, platform.name(), section == null ? EMPTY : section,
                    fallback.path(platform.name()), join(path, platform.name()), false, quiet);
            if (platform.name().equals(selected)) {
                chosen = bound;
            }
        }
        return chosen;
    }

    /** Every workload's section found, by name: a workload the tree leaves out gets its defaults' (or its errors). */
    private Map<String, Record> bindWorkloadSections(JsonNode node, JsonNode fallback, String path, boolean quiet) {
        Map<String, Record> sections = new LinkedHashMap<>();
        for (WorkloadConfig<?> workload : workloads.all()) {
            Class<? extends Record> type = workload.sectionType();
            JsonNode section = node.get(workload.name());
            sections.put(workload.name(), (Record) bindValue(type, type, workload.name(), section == null ? EMPTY : section,
                    fallback.path(workload.name()), join(path, workload.name()), false, quiet));
        }
        return sections;
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

    private Object bindValue(Type genericType, Class<?> type, String key, JsonNode node, JsonNode fallback, String path,
            boolean optional, boolean quiet) {
        boolean blankText = node != null && node.isTextual() && node.asText().isBlank();
        if (node == null || node.isNull() || (optional && blankText)) {
            if (optional) {
                return null;
            }
            fail(path, quiet, node == null ? "missing required key" : "expected " + ScalarValues.expectation(type) + ", got nothing");
            return substitute(genericType, type, key, fallback, path);
        }
        if (type.isRecord()) {
            if (!node.isObject()) {
                fail(path, quiet, "expected a mapping, got " + ScalarValues.describe(node));
                return substitute(genericType, type, key, fallback, path);
            }
            return bindRecord(type.asSubclass(Record.class), node, fallback, path, quiet);
        }
        if (type == Map.class) {
            if (!node.isObject()) {
                fail(path, quiet, "expected a mapping, got " + ScalarValues.describe(node));
                return substitute(genericType, type, key, fallback, path);
            }
            return bindMap((ParameterizedType) genericType, key, node, fallback, path, quiet);
        }
        ScalarValues.Converted converted = ScalarValues.convert(type, key, node);
        if (converted.problem().isPresent()) {
            fail(path, quiet, converted.problem().get());
            return substitute(genericType, type, key, fallback, path);
        }
        return converted.value();
    }

    /**
     * What a component that failed to bind holds instead: its built-in default, bound quietly, so that every
     * later check sees a value of the right shape (and skips it, as its path failed); else the type's zero.
     */
    private Object substitute(Type genericType, Class<?> type, String key, JsonNode fallback, String path) {
        if (fallback != null && !fallback.isMissingNode() && !fallback.isNull()) {
            return bindValue(genericType, type, key, fallback, MissingNode.getInstance(), path, false, true);
        }
        return type.isRecord() ? bindRecord(type.asSubclass(Record.class), EMPTY, MissingNode.getInstance(), path, true)
                : ScalarValues.placeholder(type);
    }

    /** Binds a map's entries; an entry that cannot be bound holds its default's value, or is left out where it has none. */
    private Map<String, Object> bindMap(ParameterizedType mapType, String key, JsonNode node, JsonNode fallback, String path,
            boolean quiet) {
        Map<String, Object> bound = new LinkedHashMap<>();
        Class<?> valueType = unboxed((Class<?>) mapType.getActualTypeArguments()[1]);
        boolean rules = valueType == Duration.class || valueType == double.class;
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            String entryPath = join(path, entry.getKey());
            JsonNode entryDefault = fallback.path(entry.getKey());
            JsonNode value = entry.getValue();
            if (value.isNull() && userInput && rules) {
                // Removing a limit would silently drop a QoS rule, removing a weight change a mix: an entry of
                // either can be changed, not removed. (Snapshots record removed entries as null: they still load.)
                fail(entryPath, quiet, valueType == Duration.class ? "a limit cannot be removed (~ or null); give a duration"
                        : "a weight cannot be removed (~ or null); give a number (0 never draws it)");
                value = entryDefault;
            }
            if (value.isNull() || value.isMissingNode()) {
                continue; // maps of names (datastores, hosts) merge per key, so null is how a file removes a default entry
            }
            Object entryValue = bindValue(valueType, valueType, key, value, entryDefault, entryPath, false, quiet);
            if (entryValue != null && !(failedPaths.contains(entryPath) && entryDefault.isMissingNode())) {
                bound.put(entry.getKey(), entryValue);
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
