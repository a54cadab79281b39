package org.tilemark.workloads.guest;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What a guest knows about itself: its disk directory and the customization the platform handed it
 * (the equivalent of vSphere guestinfo or cloud-init: role, tile, run id and role-specific keys such
 * as the database endpoint). Secrets are not in {@code guestInfo}; they come from the guest's
 * environment ({@link #secret}) so they never land on disk or in a command line.
 */
public record GuestContext(Path disk, Map<String, String> guestInfo, Map<String, String> environment) {

    public GuestContext {
        guestInfo = Map.copyOf(guestInfo);
        environment = Map.copyOf(environment);
    }

    public String require(String key) {
        String value = guestInfo.get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("guestinfo key '" + key + "' is missing");
        }
        return value;
    }

    public String get(String key, String fallback) {
        return guestInfo.getOrDefault(key, fallback);
    }

    public Optional<String> secret(String environmentVariable) {
        return Optional.ofNullable(environment.get(environmentVariable)).filter(s -> !s.isEmpty());
    }
}
