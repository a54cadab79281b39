package org.tilemark.workloads.driver;

import java.io.Closeable;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Comparator;
import java.util.Iterator;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Ends the {@link HttpConnection} requests that outlive their deadline, from one daemon thread: it closes
 * the request's socket, and the blocked call fails at once. A socket with a read timeout would end the
 * wait itself, but the JDK then makes the socket non-blocking and waits in {@code poll}: an answer costs a
 * read that finds nothing, a poll and a read, where a blocking socket's costs one read (docs/benchmarks.md
 * has the figures). The thread sleeps until the earliest pending expiry (at most {@link #IDLE}), and a
 * request due before that wakes it: a wake-up costs tens of µs of CPU here, so it wakes about once per
 * timeout while requests flow, not at a fixed pace (20 a second cost more than a thousand requests' worth).
 * The pending requests are kept in the order they expire, so a look reads only those due and the next
 * (a look over every pending request cost 0.2 CPU-s a minute at the standard tile: a hash set's table
 * stays as large as it ever grew). It looks at most once per {@link #PRECISION}: under a load the server
 * cannot keep up with, requests near their timeout are due every few ms. A socket is then closed up to
 * that much after its deadline, so the owner fails an answer that came after the deadline itself
 * ({@link HttpConnection}): the timeout is still exact.
 */
final class Deadlines {

    static final Duration IDLE = Duration.ofSeconds(1);
    /** The scanner's shortest sleep: how late a hung request's socket may be closed. */
    static final Duration PRECISION = Duration.ofMillis(100);

    /** One expiry of a pending request; a request whose expiry changes gets a new one. Ordered by time (nanoTime differences), then by when it was made. */
    private record Expiry(long at, long sequence, Due due) {
    }

    private static final Comparator<Expiry> SOONEST_FIRST = (a, b) -> {
        long gap = a.at - b.at;
        return gap != 0 ? Long.signum(gap) : Long.compare(a.sequence, b.sequence);
    };
    private static final ConcurrentSkipListSet<Expiry> PENDING = new ConcurrentSkipListSet<>(SOONEST_FIRST);
    private static final AtomicLong SEQUENCE = new AtomicLong();
    /** When the scanner will look next, and a request due before that wakes it; while it looks, the time it began (no request is due before). */
    private static volatile long nextWake = System.nanoTime();
    private static final Thread SCANNER =
            Thread.ofPlatform().daemon().name("http-deadlines").stackSize(256 * 1024).start(Deadlines::scan);

    private Deadlines() {
    }

    /** A request starting now, due by {@code deadline} (System.nanoTime), on {@code connection} if it has one. */
    static Due start(long deadline, Closeable connection) {
        Due due = new Due(deadline, connection);
        due.expireAt(deadline);
        return due;
    }

    private static Expiry pend(long at, Due due) {
        Expiry expiry = new Expiry(at, SEQUENCE.incrementAndGet(), due);
        PENDING.add(expiry);
        if (at - nextWake < 0) {
            LockSupport.unpark(SCANNER);
        }
        return expiry;
    }

    private static void scan() {
        while (true) {
            long now = System.nanoTime();
            nextWake = now;
            Expiry first;
            while ((first = soonest()) != null && now - first.at >= 0) {
                PENDING.remove(first);
                first.due.expire(first);
            }
            long next = wakeFor(first, now);
            nextWake = next;
            // A request pended after the look above read the nextWake of the look (no wake-up): look once more.
            long recheck = wakeFor(soonest(), now);
            if (recheck - next < 0) {
                next = recheck;
                nextWake = next;
            }
            LockSupport.parkNanos(next - System.nanoTime());
        }
    }

    private static Expiry soonest() {
        Iterator<Expiry> pending = PENDING.iterator();
        return pending.hasNext() ? pending.next() : null;
    }

    /** When to look for {@code soonest}: its time, or {@link #IDLE} from now without one, but not before {@link #PRECISION} from now. */
    private static long wakeFor(Expiry soonest, long now) {
        long wake = soonest == null ? now + IDLE.toNanos() : soonest.at;
        long notBefore = now + PRECISION.toNanos();
        return wake - notBefore < 0 ? notBefore : wake;
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
        private volatile Expiry pending;
        private volatile Closeable connection;
        private volatile boolean connecting;

        private Due(long deadline, Closeable connection) {
            this.deadline = deadline;
            this.connection = connection;
        }

        /** The owner is done with the request, blocking no more: false when the scanner had expired it. */
        boolean end() {
            PENDING.remove(pending);
            return over.compareAndSet(false, true);
        }

        /** True when the answer came after the deadline (the scanner looks only every {@link #PRECISION}). */
        boolean late(long nowNanos) {
            return nowNanos - deadline > 0;
        }

        /** Asked by the owner before it has ended the request: true when the scanner has. */
        boolean expired() {
            return over.get();
        }

        /** A new socket, connecting within {@code connectDeadline} (and the request's deadline). */
        void connecting(Closeable opened, long connectDeadline) {
            connection = opened;
            connecting = true;
            expireAt(connectDeadline - deadline < 0 ? connectDeadline : deadline);
        }

        void connected() {
            connecting = false;
            expireAt(deadline);
        }

        /** Pends the new expiry before it drops the old one: the request is never out of the scanner's sight. */
        private void expireAt(long at) {
            Expiry previous = pending;
            pending = pend(at, this);
            if (previous != null) {
                PENDING.remove(previous);
            }
        }

        SocketTimeoutException timeout(InetSocketAddress server) {
            return new SocketTimeoutException((connecting ? "no connection to " : "no answer from ") + server + " in time");
        }

        /** From the scanner, {@code expiry} being due: ends the request and closes its socket, unless that expiry was replaced or the owner ended it. */
        private void expire(Expiry expiry) {
            if (expiry == pending && over.compareAndSet(false, true)) {
                HttpConnection.closeQuietly(connection);
            }
        }
    }
}
