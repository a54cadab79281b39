package org.tilemark.workloads.mail;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.net.SocketFactory;
import org.tilemark.workloads.driver.IntervalRecorder;

/**
 * The mail clients' sockets, made through their session (Angus Mail's {@code mail.<protocol>.socketFactory}),
 * so a stopping driver can close them under a blocked read: the users are platform threads, and an
 * interrupt does not end a platform thread's socket read. Once closed it makes no more sockets, so a user
 * still in a cycle fails at once instead of waiting out a timeout.
 *
 * <p>The sockets also count the protocol exchanges on them: a command (or a message's data) sent and
 * the first bytes of the answer read, what wrk counts as one request (bench/driver-cost).
 *
 * <p>And they show a user's action to the interval cuts while it waits: each connect and each read on a
 * user's thread declares its deadline (its timeout from now) to the action's unit ({@link #watch}), so a
 * cut that finds a read past its timeout fails the action there, as the read itself will a moment later.
 */
final class MailSockets extends SocketFactory {

    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final LongAdder exchanges = new LongAdder();
    /** The action each user's thread is on (its own thread: the clients are used by one thread each). */
    private final ThreadLocal<Watch> watched = new ThreadLocal<>();
    private volatile boolean closed;

    /** An action in flight: its unit, and the operation and VM a cut past a read's deadline fails. */
    private record Watch(IntervalRecorder.InFlight unit, String operation, String vm) {
    }

    /** From now on this thread's connects and reads are {@code operation}'s, on {@code vm}, of {@code unit}. */
    void watch(IntervalRecorder.InFlight unit, String operation, String vm) {
        watched.set(new Watch(unit, operation, vm));
    }

    /** This thread's action ended. */
    void unwatch() {
        watched.remove();
    }

    /** A connect or read that may block up to {@code timeoutMillis} (0: no timeout, nothing to declare) starts. */
    private Watch waiting(int timeoutMillis) {
        Watch watch = watched.get();
        if (watch != null && timeoutMillis > 0) {
            watch.unit().request(watch.operation(), watch.vm(), System.nanoTime() + timeoutMillis * 1_000_000L);
            return watch;
        }
        return null;
    }

    private static void answered(Watch watch) {
        if (watch != null) {
            watch.unit().answered();
        }
    }

    @Override
    public Socket createSocket() throws IOException {
        Socket socket = new CountingSocket();
        open.add(socket);
        if (closed) { // closeAll may have looked before this one was added
            socket.close();
            throw new SocketException("the mail driver is stopping");
        }
        return socket;
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(null, new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(localHost, localPort), new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(null, new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return connected(new InetSocketAddress(localAddress, localPort), new InetSocketAddress(address, port));
    }

    /** A new socket bound to {@code local} (null: any) and connected to {@code server}. */
    private Socket connected(InetSocketAddress local, InetSocketAddress server) throws IOException {
        Socket socket = createSocket();
        try {
            if (local != null) {
                socket.bind(local);
            }
            socket.connect(server);
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** Closes every open socket (a read blocked on one fails at once) and makes no more. */
    void closeAll() {
        closed = true;
        for (Socket socket : open) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // stopping: nothing to keep
            }
        }
    }

    int openCount() {
        return open.size();
    }

    /** Exchanges on every socket so far: each a client's bytes followed by the server's answer. */
    long exchanges() {
        return exchanges.sum();
    }

    /**
     * A socket that leaves the open set when closed and counts an exchange when a read follows a write.
     * One client's thread uses a connection at a time (the protocols are synchronous here), so the
     * flag needs no lock.
     */
    private final class CountingSocket extends Socket {

        private boolean sent;
        /** SO_TIMEOUT as the client set it: each read's deadline. */
        private volatile int readTimeoutMillis;

        @Override
        public void setSoTimeout(int timeout) throws SocketException {
            super.setSoTimeout(timeout);
            readTimeoutMillis = timeout;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            Watch watch = waiting(timeout);
            try {
                super.connect(endpoint, timeout);
            } finally {
                MailSockets.answered(watch);
            }
        }

        @Override
        public InputStream getInputStream() throws IOException {
            return new FilterInputStream(super.getInputStream()) {
                @Override
                public int read() throws IOException {
                    Watch watch = waiting(readTimeoutMillis);
                    try {
                        int b = super.read();
                        answered();
                        return b;
                    } finally {
                        MailSockets.answered(watch);
                    }
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    Watch watch = waiting(readTimeoutMillis);
                    try {
                        int n = in.read(buffer, offset, length);
                        answered();
                        return n;
                    } finally {
                        MailSockets.answered(watch);
                    }
                }
            };
        }

        @Override
        public OutputStream getOutputStream() throws IOException {
            return new FilterOutputStream(super.getOutputStream()) {
                @Override
                public void write(int b) throws IOException {
                    out.write(b);
                    sent = true;
                }

                @Override
                public void write(byte[] buffer, int offset, int length) throws IOException {
                    out.write(buffer, offset, length); // FilterOutputStream's own would write byte by byte
                    sent = true;
                }
            };
        }

        private void answered() {
            if (sent) {
                sent = false;
                exchanges.increment();
            }
        }

        @Override
        public void close() throws IOException {
            open.remove(this);
            super.close();
        }
    }
}
