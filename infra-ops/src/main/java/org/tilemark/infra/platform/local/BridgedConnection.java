package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.net.SocketException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.ReentrantLock;
import org.tilemark.infra.platform.local.EndpointProxy.Upstream;

/**
 * One client connection through an {@link EndpointProxy}: the client's bytes go to an upstream
 * connection to the guest, the guest's bytes come back. A connection that moves ({@link
 * EndpointProxy.Handoff#MOVE_BETWEEN_REQUESTS}) replaces its upstream at a request boundary once the
 * endpoint points at another guest, so its client never talks to a guest that is shutting down.
 *
 * <p>The boundary is seen from the bytes alone: the guest answering means the request has arrived
 * (between requests), the client sending means a request starts (the clients do not pipeline).
 */
final class BridgedConnection {

    private static final int BUFFER_BYTES = 16 * 1024;
    /** A pooled forwarding thread carries one direction of one connection at a time: its buffer is its own. */
    private static final ThreadLocal<ByteBuffer> BUFFER = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BUFFER_BYTES));

    private final EndpointProxy endpoint;
    private final SocketChannel client;
    private final boolean moves;
    /** One upstream's bytes at a time: a retired upstream's last bytes never follow the new one's. */
    private final ReentrantLock toClient = new ReentrantLock();

    // Guarded by this.
    private Upstream upstream;
    private boolean betweenRequests = true;
    /** The upstream (of a guest the endpoint has left) closed between requests: the next request reconnects. */
    private boolean upstreamClosed;
    private boolean closed;

    BridgedConnection(EndpointProxy endpoint, SocketChannel client, boolean moves) {
        this.endpoint = endpoint;
        this.client = client;
        this.moves = moves;
    }

    /** Bridges until either side closes; this thread carries the client's bytes. */
    void run() {
        try {
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            attach(endpoint.connect());
            ByteBuffer buffer = BUFFER.get().clear();
            while (client.read(buffer) >= 0) {
                endpoint.carried(buffer.position(), true);
                writeAll(buffer, upstreamForClientBytes().channel());
            }
        } catch (IOException e) {
            // The guest is not listening (stopped or crashed), or one side closed or reset: the client
            // sees a closed connection.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            close();
        }
    }

    /** Whether a request on this connection is in flight on a guest of a generation before {@code generation}. */
    synchronized boolean midRequestBefore(long generation) {
        return moves && !closed && upstream != null && !betweenRequests && upstream.generation() < generation;
    }

    /** The upstream the client's next bytes go to: a new one if they start a request and the guest moved. */
    private Upstream upstreamForClientBytes() throws IOException, InterruptedException {
        synchronized (this) {
            boolean moved = upstreamClosed || upstream.generation() != endpoint.generation();
            if (!(moves && betweenRequests && moved)) {
                betweenRequests = false;
                return upstream;
            }
        }
        // Outside the lock: a hold may keep this waiting, and meanwhile no request is in flight here.
        Upstream fresh = endpoint.connect();
        attach(fresh);
        return fresh;
    }

    /** Makes {@code fresh} this connection's upstream, retiring the one it had. */
    private void attach(Upstream fresh) throws SocketException {
        Upstream retired;
        synchronized (this) {
            if (closed) {
                EndpointProxy.closeQuietly(fresh.channel());
                throw new SocketException("connection closed");
            }
            retired = upstream;
            upstream = fresh;
            upstreamClosed = false;
            if (retired != null) {
                // The client's bytes that called for this upstream start a request.
                betweenRequests = false;
            }
        }
        if (retired != null) {
            EndpointProxy.closeQuietly(retired.channel());
        }
        EndpointProxy.FORWARDERS.execute(() -> carryGuestBytes(fresh));
    }

    /** Carries {@code from}'s bytes to the client until it closes; then closes the client unless it outlives {@code from}. */
    private void carryGuestBytes(Upstream from) {
        try {
            ByteBuffer buffer = BUFFER.get().clear();
            while (from.channel().read(buffer) >= 0) {
                toClient.lock();
                try {
                    if (!answering(from)) {
                        return;
                    }
                    endpoint.carried(buffer.position(), false);
                    writeAll(buffer, client);
                } finally {
                    toClient.unlock();
                }
            }
        } catch (IOException e) {
            // The upstream closed or reset (or was retired), or the client went away.
        }
        if (!clientOutlives(from)) {
            close();
        }
    }

    /** Writes what {@code buffer} holds (a blocking channel may take it in parts) and empties it for the next read. */
    private static void writeAll(ByteBuffer buffer, SocketChannel to) throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            to.write(buffer);
        }
        buffer.clear();
    }

    /** The guest's bytes are an answer: its request has arrived whole. False if {@code from} was retired. */
    private synchronized boolean answering(Upstream from) {
        if (upstream != from || closed) {
            return false;
        }
        // Before the bytes reach the client, which may send its next request as soon as it has them.
        betweenRequests = true;
        return true;
    }

    /**
     * Whether the client stays connected after {@code from} closed: it was retired, or it reached a
     * guest the endpoint has left and no request is in flight (the next one reconnects). An upstream
     * that closes mid-request, or that the endpoint still points at, closes the client, as the guest did.
     */
    private synchronized boolean clientOutlives(Upstream from) {
        if (closed) {
            return false;
        }
        if (upstream != from) {
            return true;
        }
        if (moves && betweenRequests && from.generation() != endpoint.generation()) {
            upstreamClosed = true;
            return true;
        }
        return false;
    }

    void close() {
        Upstream last;
        synchronized (this) {
            closed = true;
            last = upstream;
        }
        EndpointProxy.closeQuietly(client);
        if (last != null) {
            EndpointProxy.closeQuietly(last.channel());
        }
        endpoint.forget(this);
    }
}
