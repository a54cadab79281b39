package org.tilemark.infra.platform.local;

import java.io.Closeable;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The VM's stable endpoint: a port the platform owns that forwards TCP connections to wherever the
 * guest currently listens. Drivers and other VMs only ever see this address, so a guest can move
 * (or restart on another port) without its clients learning where it runs.
 */
final class EndpointProxy implements AutoCloseable {

    /** What a move of the guest ({@link #retarget}) does to the connections already bridged. */
    enum Handoff {
        /**
         * They stay with the guest they reached and end with it: for protocols whose server speaks
         * first or keeps session state (SMTP, IMAP, PostgreSQL), which cannot change server mid-way.
         */
        STAY_WITH_GUEST,
        /**
         * Each moves to the new guest between two requests, as a real migration keeps the VM's TCP
         * connections. Only for request/response protocols where the client speaks first and does
         * not pipeline (HTTP/1.1 here), served by guests that keep no state between requests, and
         * whose responses are length-delimited (a response ended by closing the connection would
         * not reach its client's end if its old guest closes after the move).
         */
        MOVE_BETWEEN_REQUESTS;

        /**
         * A stateless role serves requests that carry no session: its clients' connections can
         * follow it to the copy a Storage vMotion starts, as a real migration keeps them.
         */
        static Handoff of(org.tilemark.templates.RoleTemplate role) {
            return role.stateless() ? MOVE_BETWEEN_REQUESTS : STAY_WITH_GUEST;
        }
    }

    /** A connection to one guest, and the {@link #retarget} generation that guest belongs to. */
    record Upstream(SocketChannel channel, long generation) {
    }

    private static final int CONNECT_TIMEOUT_MS = 5_000;
    /** The longest a new connection waits for a guest that is switching hosts or datastores. */
    private static final long HOLD_LIMIT_MS = 120_000;
    private static final long DRAIN_POLL_MS = 20;
    /**
     * The threads that carry a bridged connection's bytes, one per direction: platform threads blocked in
     * the kernel's read. A virtual thread parks on a read through the JDK's poller instead (a
     * registration, a wake-up and a hand-off to a carrier per read), which cost more CPU than the
     * copying (bench/driver-cost). Small stacks: they only copy. Both ends are blocking channels read
     * into direct buffers: a {@code Socket} connected with a timeout stays non-blocking, and each of
     * its reads then costs a failed read, a poll and a read, plus a copy through a temporary buffer.
     * Pooled: a thread that carried a closed connection waits up to a minute for the next one, since
     * at the standard tile a pair of connections opens every 30 ms (servers end keep-alive connections
     * after so many requests, users log out) and each new platform thread costs a start and an exit.
     */
    static final Executor FORWARDERS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
            new SynchronousQueue<>(), Thread.ofPlatform().name("endpoint-forward-", 0).daemon()
                    .stackSize(256 * 1024).factory());

    private final ServerSocketChannel server;
    private final InetSocketAddress address;
    private final Handoff handoff;
    private final Set<BridgedConnection> bridges = ConcurrentHashMap.newKeySet();
    private volatile InetSocketAddress target;
    /** Counts retargets: an upstream of an older generation reaches a guest the endpoint has left. */
    private volatile long generation;
    private volatile boolean closed;
    private final Object gate = new Object();
    private boolean held;
    /** Bytes its clients sent the guest, and the guest's answers: the VM's network traffic through this endpoint. */
    private final java.util.concurrent.atomic.LongAdder toGuest = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder fromGuest = new java.util.concurrent.atomic.LongAdder();

    EndpointProxy(String bindAddress, String vmName, Handoff handoff) throws IOException {
        this.handoff = handoff;
        server = ServerSocketChannel.open();
        try {
            server.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), 0), 512);
            address = (InetSocketAddress) server.getLocalAddress();
        } catch (IOException e) {
            closeQuietly(server);
            throw e;
        }
        // A platform thread, as the forwarding's: a virtual thread's accept parks on the JDK's poller and
        // wakes a carrier for each connection. Named as the forwarding, so its CPU counts as the forwarding's.
        Thread.ofPlatform().daemon().stackSize(256 * 1024).name("endpoint-forward-accept-" + vmName).start(this::acceptLoop);
    }

    InetSocketAddress address() {
        return address;
    }

    void carried(int bytes, boolean towardsGuest) {
        (towardsGuest ? toGuest : fromGuest).add(bytes);
    }

    long bytesToGuest() {
        return toGuest.sum();
    }

    long bytesFromGuest() {
        return fromGuest.sum();
    }

    /** Points the endpoint at the guest's current address and lets held connections through. */
    void retarget(InetSocketAddress guest) {
        synchronized (gate) {
            this.target = guest;
            generation++;
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

    /**
     * Waits until no connection has a request in flight on a guest this endpoint has left since the
     * call, so that guest can stop without failing a request; connections that {@link
     * Handoff#STAY_WITH_GUEST} are not waited for. A response under way counts as answered (only
     * its first bytes are seen here): the guest's graceful shutdown finishes sending it. False if
     * that took longer than {@code limit}.
     */
    boolean awaitDrained(Duration limit) {
        long current = generation;
        long deadline = System.nanoTime() + limit.toNanos();
        while (bridges.stream().anyMatch(b -> b.midRequestBefore(current))) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            try {
                Thread.sleep(DRAIN_POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    long generation() {
        return generation;
    }

    /** Connects to the current guest, waiting out a hold; fails if there is none or it does not listen. */
    Upstream connect() throws IOException, InterruptedException {
        while (true) {
            InetSocketAddress guest;
            long reached;
            synchronized (gate) {
                awaitRelease();
                guest = target;
                reached = generation;
            }
            if (guest == null || closed) {
                throw new ConnectException("the endpoint has no guest");
            }
            SocketChannel channel = SocketChannel.open();
            try {
                // The adaptor's timed connect puts the channel back in blocking mode when connected.
                channel.socket().connect(guest, CONNECT_TIMEOUT_MS);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                return new Upstream(channel, reached);
            } catch (IOException e) {
                closeQuietly(channel);
                // A guest left while this connected to it (it is stopping): the new one may listen.
                if (generation == reached || closed) {
                    throw e;
                }
            }
        }
    }

    private void awaitRelease() throws InterruptedException {
        long deadline = System.currentTimeMillis() + HOLD_LIMIT_MS;
        while (held && !closed) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                break;
            }
            gate.wait(Math.min(left, 500));
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                SocketChannel client = server.accept();
                BridgedConnection bridge = new BridgedConnection(this, client, handoff == Handoff.MOVE_BETWEEN_REQUESTS);
                bridges.add(bridge);
                // close() may have swept the bridges just before this one was added.
                if (closed) {
                    bridge.close();
                    return;
                }
                FORWARDERS.execute(bridge::run);
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    void forget(BridgedConnection bridge) {
        bridges.remove(bridge);
    }

    static void closeQuietly(Closeable channel) {
        try {
            channel.close();
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
        bridges.forEach(BridgedConnection::close);
    }
}
