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
 * durations as {@code 30s}-style strings, paths as strings. Passwords embedded in a JDBC, SMTP or IMAP URL are redacted.
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

    /** @param defaults the same record in the built-in defaults, or null where there is none */
    private static Map<String, Object> recordToMap(Record record, Record defaults) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            Object value = read(component, record);
            if (record instanceof DatabaseSpec database && component.getName().equals("jdbcUrl")) {
                value = database.redactedJdbcUrl();
            }
            if (record instanceof MailSpec && value instanceof String url
                    && (component.getName().equals("smtpUrl") || component.getName().equals("imapUrl"))) {
                value = MailSpec.redact(url);
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

    private static Object read(RecordComponent component, Record record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record.getClass().getSimpleName(), e);
        }
    }
}
