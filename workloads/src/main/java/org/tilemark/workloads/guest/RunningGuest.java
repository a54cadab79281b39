package org.tilemark.workloads.guest;

import java.util.Map;
import java.util.Optional;
import org.tilemark.templates.guest.GuestServer;

/** A started guest: the ports it listens on (on the address its guest config gives) and how to stop it. */
public interface RunningGuest extends AutoCloseable {

    /** The primary service's port. */
    int port();

    /**
     * Every service port by the name its role template gives it (e.g. {@code smtp}, {@code imap});
     * a guest with one service has just {@code main}.
     */
    default Map<String, Integer> ports() {
        return Map.of("main", port());
    }

    /** The server software it serves with, where the role has a choice (the mail role); said in its readiness report. */
    default Optional<GuestServer> server() {
        return Optional.empty();
    }

    /** Stops serving and flushes the disk (e.g. a clean database shutdown). */
    @Override
    void close() throws Exception;

    /** A guest with one service on {@code port} that {@code stop} shuts down. */
    static RunningGuest of(int port, AutoCloseable stop) {
        return new RunningGuest() {
            @Override
            public int port() {
                return port;
            }

            @Override
            public void close() throws Exception {
                stop.close();
            }
        };
    }
}
