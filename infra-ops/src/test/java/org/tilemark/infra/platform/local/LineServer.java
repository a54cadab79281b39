package org.tilemark.infra.platform.local;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A loopback request/response server for tests where the client speaks first, as in HTTP/1.1: each
 * line a client sends is answered with one line, {@code "<name>: <line>"}, on a connection kept open.
 * The request {@link #HELD} is answered only once {@link #answerHeldRequest} is called. Closing
 * the server closes every connection it has, as a guest that stops does.
 */
final class LineServer implements AutoCloseable {

    static final String HELD = "hold";

    private final ServerSocket server;
    private final String name;
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private final CountDownLatch heldArrived = new CountDownLatch(1);
    private final CountDownLatch heldAnswered = new CountDownLatch(1);

    LineServer(String name) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.name = name;
        Thread.ofVirtual().name("lines-" + name).start(this::acceptLoop);
    }

    InetSocketAddress address() {
        return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
    }

    /** Whether the held request has arrived (waits for it, generously). */
    boolean awaitHeldRequest() throws InterruptedException {
        return heldArrived.await(30, TimeUnit.SECONDS);
    }

    void answerHeldRequest() {
        heldAnswered.countDown();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                connections.add(client);
                Thread.ofVirtual().start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client; BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
             OutputStream out = client.getOutputStream()) {
            String request;
            while ((request = in.readLine()) != null) {
                if (request.equals(HELD)) {
                    heldArrived.countDown();
                    heldAnswered.await();
                }
                out.write((name + ": " + request + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the client or the test closed the connection
        } finally {
            connections.remove(client);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket connection : connections) {
            connection.close();
        }
    }
}
