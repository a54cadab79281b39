package org.tilemark.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Immutable copies that keep insertion order, so snapshots list entries the way the user wrote them. */
public final class ImmutableCopies {

    private ImmutableCopies() {
    }

    public static <K, V> Map<K, V> ofMap(Map<K, V> source) {
        if (source == null) {
            return Map.of();
        }
        Map<K, V> copy = new LinkedHashMap<>();
        source.forEach((key, value) -> copy.put(Objects.requireNonNull(key, "map key"),
                Objects.requireNonNull(value, () -> "value of " + key)));
        return Collections.unmodifiableMap(copy);
    }
}
