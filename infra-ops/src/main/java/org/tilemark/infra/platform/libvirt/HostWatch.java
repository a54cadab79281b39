package org.tilemark.infra.platform.libvirt;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.libvirt.LibvirtException;
import org.libvirt.event.ConnectionCloseListener;
import org.libvirt.event.ConnectionCloseReason;

/**
 * Sees a host whose libvirtd stops answering: libvirt's keepalive on each connection
 * ({@code virConnectSetKeepAlive}: a probe every {@value #KEEPALIVE_INTERVAL_SECONDS} s, the connection
 * closed after {@value #KEEPALIVE_COUNT} unanswered) and its close callback
 * ({@code virConnectRegisterCloseCallback}), which also fires when the daemon's socket ends. A host once
 * lost stays lost for this connection: what it ran is out of the run's reach.
 */
final class HostWatch {

    static final int KEEPALIVE_INTERVAL_SECONDS = 5;
    /** A minute unanswered: a daemon at low priority on a loaded host answers later than libvirt's default 30 s. */
    static final int KEEPALIVE_COUNT = 12;

    private final Map<String, String> lost = new ConcurrentHashMap<>();
    /** Kept referenced while registered, so libvirt's callback into them stays valid. */
    private final Map<String, ConnectionCloseListener> registered = new ConcurrentHashMap<>();
    private final BiConsumer<String, String> onLost;

    /** @param onLost told once per host that stopped answering: its name and why, in words */
    HostWatch(BiConsumer<String, String> onLost) {
        this.onLost = onLost;
    }

    void watch(HostConnection host) throws LibvirtException {
        host.setKeepAlive(KEEPALIVE_INTERVAL_SECONDS, KEEPALIVE_COUNT);
        ConnectionCloseListener listener = (connection, reason) -> closed(host, reason);
        registered.put(host.name(), listener);
        host.registerCloseListener(listener);
    }

    /** Must precede closing the connection (as a lifecycle listener must). */
    void stopWatching(HostConnection host) {
        try {
            host.unregisterCloseListener();
        } catch (LibvirtException e) {
            // the connection is already gone, and its registration with it
        }
    }

    /** Why {@code host} is lost, if it stopped answering. */
    Optional<String> lost(String host) {
        return Optional.ofNullable(lost.get(host));
    }

    private void closed(HostConnection host, ConnectionCloseReason reason) {
        if (reason == ConnectionCloseReason.CLIENT) {
            return; // this side closed it
        }
        String why = "host " + host.name() + " stopped answering (libvirt connection to " + HostUris.redacted(host.uri())
                + " closed: " + words(reason) + ")";
        if (lost.putIfAbsent(host.name(), why) == null) {
            onLost.accept(host.name(), why);
        }
    }

    private static String words(ConnectionCloseReason reason) {
        return switch (reason) {
            case KEEPALIVE -> "no keepalive answer for " + KEEPALIVE_INTERVAL_SECONDS * KEEPALIVE_COUNT + " s";
            case EOF -> "the daemon closed it";
            case ERROR -> "an I/O error";
            default -> reason.name().toLowerCase(Locale.ROOT);
        };
    }
}
