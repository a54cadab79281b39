package org.tilemark.workloads.guest;

/** A started guest: the port it listens on (on 127.0.0.1 unless configured) and how to stop it. */
public interface RunningGuest extends AutoCloseable {

    int port();

    /** Stops serving and flushes the disk (e.g. a clean database shutdown). */
    @Override
    void close() throws Exception;
}
