package org.tilemark.infra.platform.libvirt;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** A setting whose values are the constants of an enum, spelled in lower case in the configuration. */
final class SettingValues {

    private SettingValues() {
    }

    static String key(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    static <E extends Enum<E>> Optional<E> of(Class<E> type, String key) {
        return Arrays.stream(type.getEnumConstants()).filter(value -> key(value).equals(key)).findFirst();
    }

    static <E extends Enum<E>> String keys(Class<E> type) {
        return String.join(", ", Arrays.stream(type.getEnumConstants()).map(SettingValues::key).toList());
    }
}
