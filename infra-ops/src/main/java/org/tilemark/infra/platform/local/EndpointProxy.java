package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The VM's stable endpoint: a port the platform owns that forwards TCP connections to wherever the
 * guest currently listens. Drivers and other VMs only ever see this address, so a guest can move
 * (or restart on another port) without its clients learning where it runs.
 */
final class EndpointProxy implements AutoCloseable {

    private static final int CONNECT_TIMEOUT_MS = 5_000;
    /** The longest a new connection waits for a guest that is switching hosts or datastores. */
    private static final long HOLD_LIMIT_MS = 120_000;

    private final ServerSocket server;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile InetSocketAddress target;
    private volatile boolean closed;
    private final Object gate = new Object();
    private boolean held;

    EndpointProxy(String bindAddress, String vmName) throws IOException {
        server = new ServerSocket(0, 512, InetAddress.getByName(bindAddress));
        Thread.ofVirtual().name("endpoint-" + vmName).start(this::acceptLoop);
    }

    InetSocketAddress address() {
        return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
    }

    /** Points the endpoint at the guest's current address and lets held connections through. */
    void retarget(InetSocketAddress guest) {
        synchronized (gate) {
            this.target = guest;
            held = false;
            gate.notifyAll();
        }
    }

    /**
     * New connections wait (instead of being refused) until {@link #retarget} or {@link #release}:
     * used while the guest restarts elsewhere, so clients see a slow connect, not a refusal.
     */
    void hold() {
        synchronized (gate) {
            held = true;
        }
    }

    /** Ends a hold without moving (the switch failed and the guest runs where it was). */
    void release() {
        synchronized (gate) {
            held = false;
            gate.notifyAll();
        }
    }

    private InetSocketAddress awaitTarget() throws InterruptedException {
        synchronized (gate) {
            long deadline = System.currentTimeMillis() + HOLD_LIMIT_MS;
            while (held && !closed) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    break;
                }
                gate.wait(Math.min(left, 500));
            }
            return target;
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                if (closed) {
                    closeQuietly(client);
                    return;
                }
                Thread.ofVirtual().start(() -> bridge(client));
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    private void bridge(Socket client) {
        Socket upstream = new Socket();
        open.add(client);
        open.add(upstream);
        try {
            InetSocketAddress guest = awaitTarget();
            // close() may have swept the open sockets just before these were added.
            if (guest == null || closed) {
                return;
            }
            upstream.connect(guest, CONNECT_TIMEOUT_MS);
            client.setTcpNoDelay(true);
            upstream.setTcpNoDelay(true);
            Thread toGuest = Thread.ofVirtual().start(() -> pump(client, upstream));
            pump(upstream, client);
            toGuest.join();
        } catch (IOException e) {
            // The guest is not listening (stopped or crashed): the client sees a closed connection.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeQuietly(client);
            closeQuietly(upstream);
            open.remove(client);
            open.remove(upstream);
        }
    }

    private static void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            byte[] buffer = new byte[16 * 1024];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // One side closed or reset: tear down both directions.
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        closed = true;
        release();
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        open.forEach(EndpointProxy::closeQuietly);
    }
}
