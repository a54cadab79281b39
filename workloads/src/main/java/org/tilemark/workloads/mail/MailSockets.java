package org.tilemark.workloads.mail;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.net.SocketFactory;

/**
 * The mail clients' sockets, made through their session (Angus Mail's {@code mail.<protocol>.socketFactory}),
 * so a stopping driver can close them under a blocked read: the users are platform threads, and an
 * interrupt does not end a platform thread's socket read. Once closed it makes no more sockets, so a user
 * still in a cycle fails at once instead of waiting out a timeout.
 *
 * <p>The sockets also count the protocol exchanges on them: a command (or a message's data) sent and
 * the first bytes of the answer read, what wrk counts as one request (bench/driver-cost).
 */
final class MailSockets extends SocketFactory {

    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final LongAdder exchanges = new LongAdder();
    private volatile boolean closed;

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

        @Override
        public InputStream getInputStream() throws IOException {
            return new FilterInputStream(super.getInputStream()) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    answered();
                    return b;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    int n = in.read(buffer, offset, length);
                    answered();
                    return n;
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
