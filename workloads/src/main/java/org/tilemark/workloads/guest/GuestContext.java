package org.tilemark.workloads.guest;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.HostPort;

/**
 * What a guest knows about itself: its disk directory and the guest-config document the platform
 * handed it (role, tile, the address to bind, the network its clients come from, its peers'
 * addresses, its role's settings and the secrets it needs).
 */
public record GuestContext(Path disk, GuestConfig config) {

    /** Loopback everything, as on the local platform: for a guest started by hand or in a test. */
    public static final String LOOPBACK = "127.0.0.1";

    /** A loopback guest with these settings and secrets and no peers (tests and template builds by hand). */
    public GuestContext(Path disk, Map<String, String> settings, Map<String, String> secrets) {
        this(disk, new GuestConfig("guest", 0, "", "guest", LOOPBACK, LOOPBACK + "/32", Map.of(), settings, secrets));
    }

    public String require(String key) {
        String value = config.settings().get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("guest config setting '" + key + "' is missing");
        }
        return value;
    }

    public String get(String key, String fallback) {
        return config.settings().getOrDefault(key, fallback);
    }

    /** An integer setting, {@code fallback} when absent. */
    public long integer(String key, long fallback) {
        String text = get(key, Long.toString(fallback));
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("guest config setting " + key + " '" + text + "' is not an integer", e);
        }
    }

    public Optional<String> secret(String name) {
        return Optional.ofNullable(config.secrets().get(name)).filter(s -> !s.isEmpty());
    }

    /** The address the guest's services listen on. */
    public String bindAddress() {
        return config.bindAddress();
    }

    /** The primary service of the peer VM the setting {@code key} names; a peer the platform did not give fails with its name. */
    public HostPort peer(String key) {
        String vm = require(key);
        return config.peer(vm, RoleTemplate.MAIN_PORT).orElseThrow(() -> new IllegalArgumentException(
                "missing peer: setting '" + key + "' names VM '" + vm + "', whose address the guest config does not give"
                        + " (peers given: " + config.peers().keySet() + ")"));
    }
}
