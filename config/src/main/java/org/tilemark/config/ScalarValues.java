package org.tilemark.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How one scalar of the configuration becomes the value of the record component it binds to: its syntax
 * (strict ASCII decimals) and its range, from the component's type and its key's name. Every number is
 * bounded like an integer ({@code -2147483648..2147483647}: counts, rates, weights and factors all feed
 * integer arithmetic somewhere), a {@code long} by its type, and a key named {@code ...Percent},
 * {@code ...Points} or {@code pct...} is a share: 0..100.
 */
final class ScalarValues {

    // Plain ASCII decimals only: Java's parsers also take '+3', Arabic-Indic digits, '2f', '0x1p3' and 'NaN'.
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,30}(\\.[0-9]{1,30})?([eE]-?[0-9]{1,3})?");
    private static final int MAX_DIGITS = 20;

    /** What a scalar became: its value, or the problem to report under its key. */
    record Converted(Object value, Optional<String> problem) {

        static Converted of(Object value) {
            return new Converted(value, Optional.empty());
        }

        static Converted refused(String problem) {
            return new Converted(null, Optional.of(problem));
        }
    }

    private ScalarValues() {
    }

    /**
     * Converts a scalar node for a component named {@code key} (a map entry: its map's name). Text is accepted
     * for every type, because command-line overrides arrive as text and quoting a number in YAML should not
     * be an error.
     */
    static Converted convert(Class<?> type, String key, JsonNode node) {
        if (node.isContainerNode()) {
            return Converted.refused("expected " + expectation(type) + ", got " + describe(node));
        }
        String text = node.asText().strip();
        if (type == int.class || type == long.class) {
            return integer(type, key, node, text);
        }
        if (type == double.class) {
            return decimal(key, node, text);
        }
        Object value;
        try {
            value = other(type, node, text);
        } catch (IllegalArgumentException e) {
            // InvalidPathException and a duration's syntax are IllegalArgumentExceptions; the value is reported as given.
            value = null;
        }
        return value != null ? Converted.of(value) : Converted.refused("expected " + expectation(type) + ", got " + describe(node));
    }

    private static Converted integer(Class<?> type, String key, JsonNode node, String text) {
        if (!(node.isIntegralNumber() || node.isTextual() && INTEGER.matcher(text).matches())) {
            return Converted.refused("expected an integer, got " + describe(node));
        }
        long min = type == int.class ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = type == int.class ? Integer.MAX_VALUE : Long.MAX_VALUE;
        BigDecimal value = node.isIntegralNumber() ? new BigDecimal(node.bigIntegerValue())
                : text.length() > MAX_DIGITS ? null : new BigDecimal(text);
        if (value == null || value.compareTo(BigDecimal.valueOf(min)) < 0 || value.compareTo(BigDecimal.valueOf(max)) > 0) {
            return outOfRange(min, max, node);
        }
        Object converted = type == int.class ? (Object) value.intValueExact() : (Object) value.longValueExact();
        return inShareRange(key, value.doubleValue()).orElse(Converted.of(converted));
    }

    private static Converted decimal(String key, JsonNode node, String text) {
        double value = node.isNumber() ? node.doubleValue()
                : node.isTextual() && DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
        if (!Double.isFinite(value)) {
            return Converted.refused("expected a number, got " + describe(node));
        }
        if (value < -Integer.MAX_VALUE || value > Integer.MAX_VALUE) {
            return outOfRange(-Integer.MAX_VALUE, Integer.MAX_VALUE, node);
        }
        return inShareRange(key, value).orElse(Converted.of(value));
    }

    /** A share (percent or percentage points) outside 0..100, else empty. */
    private static Optional<Converted> inShareRange(String key, double value) {
        boolean share = key != null && (key.endsWith("Percent") || key.endsWith("Points") || key.startsWith("pct"));
        if (share && (value < 0 || value > 100)) {
            return Optional.of(Converted.refused("must be between 0 and 100 (got " + number(value) + ")"));
        }
        return Optional.empty();
    }

    private static Converted outOfRange(long min, long max, JsonNode node) {
        return Converted.refused("out of range: must be between " + min + " and " + max + " (got " + describe(node) + ")");
    }

    private static Object other(Class<?> type, JsonNode node, String text) {
        if (type == boolean.class) {
            if (node.isBoolean()) {
                return node.booleanValue();
            }
            return text.equalsIgnoreCase("true") ? Boolean.TRUE : text.equalsIgnoreCase("false") ? Boolean.FALSE : null;
        }
        if (type == String.class) {
            return node.asText();
        }
        if (type == Path.class) {
            return text.isEmpty() ? null : Path.of(text);
        }
        if (type == Duration.class) {
            if (node.isNumber()) {
                return node.asDouble() == 0 ? Duration.ZERO : null;
            }
            return node.isTextual() ? Durations.parse(text) : null;
        }
        throw new IllegalStateException("spec records use an unsupported type: " + type);
    }

    static String expectation(Class<?> type) {
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

    static String describe(JsonNode node) {
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

    /** What a component holds when neither its value nor its default could be bound: the type's zero. */
    static Object placeholder(Class<?> type) {
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
        return type == java.util.Map.class ? java.util.Map.of() : null;
    }

    static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
