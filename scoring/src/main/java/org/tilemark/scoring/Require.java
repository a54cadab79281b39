package org.tilemark.scoring;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Argument checks shared by the records; each message names the field it rejects. */
final class Require {
    private Require() {
    }

    static <T> T nonNull(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " must not be null");
        }
        return value;
    }

    static String nonBlank(String value, String field) {
        if (nonNull(value, field).isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank");
        }
        return value;
    }

    static long nonNegative(long value, String field) {
        if (value < 0) {
            throw new IllegalArgumentException(field + " must be >= 0, was " + value);
        }
        return value;
    }

    static double nonNegative(double value, String field) {
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException(field + " must be a finite number >= 0, was " + value);
        }
        return value;
    }

    static double positive(double value, String field) {
        if (!Double.isFinite(value) || value <= 0) {
            throw new IllegalArgumentException(field + " must be a finite number > 0, was " + value);
        }
        return value;
    }

    static double percent(double value, String field) {
        if (!(value >= 0 && value <= 100)) {
            throw new IllegalArgumentException(field + " must be a percentage in 0..100, was " + value);
        }
        return value;
    }

    static Duration nonNegative(Duration value, String field) {
        if (nonNull(value, field).isNegative()) {
            throw new IllegalArgumentException(field + " must not be negative, was " + value);
        }
        return value;
    }

    /** Immutable copy that rejects null elements. */
    static <T> List<T> listCopy(Collection<T> values, String field) {
        nonNull(values, field);
        for (T value : values) {
            nonNull(value, field + " element");
        }
        return List.copyOf(values);
    }

    /** Immutable copy that keeps insertion order (reports list operations as given) and rejects nulls. */
    static <K, V> Map<K, V> mapCopy(Map<K, V> values, String field) {
        nonNull(values, field);
        Map<K, V> copy = new LinkedHashMap<>();
        values.forEach((key, value) -> copy.put(nonNull(key, field + " key"), nonNull(value, field + "[" + key + "]")));
        return Collections.unmodifiableMap(copy);
    }
}
