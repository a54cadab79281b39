package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** Port checks for tests. */
final class Ports {

    private static final long DEADLINE_MS = 10_000;

    private Ports() {
    }

    /**
     * Whether connections to {@code address} are refused within a few seconds. Not at once: closing a
     * server socket while a (virtual) thread is blocked in accept defers the kernel close until that
     * thread has left accept, so the port may take a moment to go away.
     */
    static boolean refusedSoon(InetSocketAddress address) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + DEADLINE_MS * 1_000_000;
        while (System.nanoTime() < deadline) {
            try (Socket ignored = new Socket(address.getAddress(), address.getPort())) {
                Thread.sleep(20);
            } catch (ConnectException refused) {
                return true;
            }
        }
        return false;
    }
}
