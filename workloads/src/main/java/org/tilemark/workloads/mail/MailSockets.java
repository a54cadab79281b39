package org.tilemark.workloads.mail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.SocketFactory;

/**
 * The mail clients' sockets, made through their session (Angus Mail's {@code mail.<protocol>.socketFactory}),
 * so a stopping driver can close them under a blocked read: the users are platform threads, and an
 * interrupt does not end a platform thread's socket read. Once closed it makes no more sockets, so a user
 * still in a cycle fails at once instead of waiting out a timeout.
 */
final class MailSockets extends SocketFactory {

    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    @Override
    public Socket createSocket() throws IOException {
        Socket socket = new Socket() {
            @Override
            public void close() throws IOException {
                open.remove(this);
                super.close();
            }
        };
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
}
