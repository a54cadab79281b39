package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Bytes a migration is taken to transfer without copying them (a VM's memory, the part of its disk its
 * files do not fill): the transfer takes the time the bytes need at a bandwidth, and nothing else.
 */
final class AccountedBytes {

    private AccountedBytes() {
    }

    /** Takes the time {@code bytes} need at {@code bytesPerSecond}; returns them. */
    static long transfer(long bytes, double bytesPerSecond) throws IOException {
        try {
            TimeUnit.NANOSECONDS.sleep((long) (bytes / bytesPerSecond * 1e9));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("migration interrupted", e);
        }
        return bytes;
    }
}
