package org.tilemark.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Snapshots an effective spec for the results bundle, in the same shape and syntax the loader reads:
 * durations as {@code 30s}-style strings, paths as strings. A credential typed into a URL ({@link MayHoldCredentials}) is redacted.
 */
public final class ConfigWriter {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER));

    private ConfigWriter() {
    }

    /**
     * Nested maps (insertion-ordered) of plain values: String, Integer, Long, Double, Boolean or null.
     * A default map entry the spec no longer has (a datastore, a QoS limit) is written as null, which is
     * how a file removes it, so that loading the snapshot gives back the same spec.
     */
    public static Map<String, Object> toMap(BenchmarkSpec spec) {
        return recordToMap(spec, ConfigLoader.defaults());
    }

    public static String toYaml(BenchmarkSpec spec) {
        try {
            return YAML.writeValueAsString(toMap(spec));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a map of plain values as YAML", e);
        }
    }

    /** A platform's section as plain values, e.g. its defaults to merge a file onto. */
    static Map<String, Object> sectionToMap(Record section) {
        return recordToMap(section, null);
    }

    /** @param defaults the same record in the built-in defaults, or null where there is none */
    private static Map<String, Object> recordToMap(Record record, Record defaults) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            Object value = read(component, record);
            PlatformSection section = component.getAnnotation(PlatformSection.class);
            if (section != null) {
                // Written where it is read: under the platform's name, e.g. cluster.local.
                Object name = read(selector(record, section.selector()), record);
                Object defaultSection = defaults == null ? null : read(component, defaults);
                if (value != null) {
                    map.put(String.valueOf(name), plain(value, defaultSection != null
                            && defaultSection.getClass() == value.getClass() ? defaultSection : null));
                }
                continue;
            }
            if (component.isAnnotationPresent(WorkloadSections.class) && value instanceof Map<?, ?> sections) {
                // Written where they are read: each under its workload's name, e.g. workloads.mail.
                Object defaultSections = defaults == null ? null : read(component, defaults);
                Map<?, ?> byName = defaultSections instanceof Map<?, ?> found ? found : Map.of();
                sections.forEach((name, workload) -> map.put(String.valueOf(name), plain(workload, byName.get(name))));
                continue;
            }
            if (component.isAnnotationPresent(MayHoldCredentials.class) && value instanceof String text) {
                value = Messages.redact(text);
            }
            map.put(component.getName(), plain(value, defaults == null ? null : read(component, defaults)));
        }
        return map;
    }

    private static Object plain(Object value, Object defaultValue) {
        return switch (value) {
            case null -> null;
            case Record nested -> recordToMap(nested, defaultValue instanceof Record nestedDefault ? nestedDefault : null);
            case Duration duration -> Durations.format(duration);
            case Path path -> path.toString();
            case Map<?, ?> map -> {
                Map<String, Object> copy = new LinkedHashMap<>();
                map.forEach((key, entry) -> copy.put(String.valueOf(key), plain(entry, null)));
                if (defaultValue instanceof Map<?, ?> defaultMap) {
                    defaultMap.keySet().forEach(key -> copy.putIfAbsent(String.valueOf(key), null));
                }
                yield copy;
            }
            default -> value;
        };
    }

    private static RecordComponent selector(Record record, String name) {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            if (component.getName().equals(name)) {
                return component;
            }
        }
        throw new IllegalStateException("@PlatformSection names a component that does not exist: " + name);
    }

    private static Object read(RecordComponent component, Record record) {
        try {
            var accessor = component.getAccessor();
            accessor.setAccessible(true); // a platform's section record is private to its package
            return accessor.invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record.getClass().getSimpleName(), e);
        }
    }
}
