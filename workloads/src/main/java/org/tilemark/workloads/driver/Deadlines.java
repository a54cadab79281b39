package org.tilemark.workloads.driver;

import java.io.Closeable;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Ends the {@link HttpConnection} requests that outlive their deadline, from one daemon thread: it closes
 * the request's socket, and the blocked call fails at once. A socket with a read timeout would end the
 * wait itself, but the JDK then makes the socket non-blocking and waits in {@code poll}: an answer costs a
 * read that finds nothing, a poll and a read, where a blocking socket's costs one read (docs/benchmarks.md
 * has the figures). The thread sleeps until the earliest pending expiry (at most {@link #IDLE}), and a
 * request due before that wakes it: a wake-up costs tens of µs of CPU here, so it wakes about once per
 * timeout while requests flow, not at a fixed pace (20 a second cost more than a thousand requests' worth).
 */
final class Deadlines {

    static final Duration IDLE = Duration.ofSeconds(1);
    /** Far enough ahead that every deadline is before it: set while the scanner looks, so a request started meanwhile wakes it. */
    private static final long SCANNING = Duration.ofDays(365).toNanos();

    private static final Set<Due> PENDING = ConcurrentHashMap.newKeySet();
    private static volatile long nextWake = System.nanoTime() + SCANNING;
    private static final Thread SCANNER =
            Thread.ofPlatform().daemon().name("http-deadlines").stackSize(256 * 1024).start(Deadlines::scan);

    private Deadlines() {
    }

    /** A request starting now, due by {@code deadline} (System.nanoTime), on {@code connection} if it has one. */
    static Due start(long deadline, Closeable connection) {
        Due due = new Due(deadline, connection);
        PENDING.add(due);
        wakeBefore(deadline);
        return due;
    }

    private static void wakeBefore(long expiry) {
        if (expiry - nextWake < 0) {
            LockSupport.unpark(SCANNER);
        }
    }

    private static void scan() {
        while (true) {
            long now = System.nanoTime();
            nextWake = now + SCANNING;
            long next = now + IDLE.toNanos();
            for (Due due : PENDING) {
                long expiry = due.expireIfDue(now);
                if (expiry - next < 0) {
                    next = expiry;
                }
            }
            nextWake = next;
            LockSupport.parkNanos(next - System.nanoTime()); // a request started since the scan unparked it: at once
        }
    }

    /**
     * One request's deadline and the socket it uses. It ends once: by its owner ({@link #end}) or, past
     * its time, by the scanner, which then closes the socket. The owner publishes a new socket before it
     * checks {@link #expired}, and the scanner expires the request before it reads the socket: one of
     * them sees the other.
     */
    static final class Due {
        final long deadline;
        private final AtomicBoolean over = new AtomicBoolean();
        private volatile long expiresAt;
        private volatile Closeable connection;
        private volatile boolean connecting;

        private Due(long deadline, Closeable connection) {
            this.deadline = deadline;
            this.expiresAt = deadline;
            this.connection = connection;
        }

        /** The owner is done with the request, blocking no more: false when the scanner had expired it. */
        boolean end() {
            PENDING.remove(this);
            return over.compareAndSet(false, true);
        }

        /** Asked by the owner before it has ended the request: true when the scanner has. */
        boolean expired() {
            return over.get();
        }

        /** A new socket, connecting within {@code connectDeadline} (and the request's deadline). */
        void connecting(Closeable opened, long connectDeadline) {
            connection = opened;
            connecting = true;
            expiresAt = Math.min(deadline, connectDeadline);
            wakeBefore(expiresAt);
        }

        void connected() {
            connecting = false;
            expiresAt = deadline;
        }

        SocketTimeoutException timeout(InetSocketAddress server) {
            return new SocketTimeoutException((connecting ? "no connection to " : "no answer from ") + server + " in time");
        }

        /** Expires the request if it is due; else returns when it will be. */
        private long expireIfDue(long now) {
            long expiry = expiresAt;
            if (now - expiry >= 0) {
                if (over.compareAndSet(false, true)) {
                    PENDING.remove(this);
                    HttpConnection.closeQuietly(connection);
                }
                return now + SCANNING; // ended: nothing to wake for
            }
            return expiry;
        }
    }
}
