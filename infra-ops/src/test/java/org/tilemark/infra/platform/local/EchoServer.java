package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A loopback TCP server for tests: every connection gets a greeting line naming the server, then
 * its own bytes echoed back. The greeting tells which server a connection reached.
 */
final class EchoServer implements AutoCloseable {

    private final ServerSocket server;
    private final String greeting;

    EchoServer(String name) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.greeting = name + "\n";
        Thread.ofVirtual().name("echo-" + name).start(this::acceptLoop);
    }

    InetSocketAddress address() {
        return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread.ofVirtual().start(() -> serve(client, greeting));
            } catch (IOException e) {
                return;
            }
        }
    }

    static void serve(Socket client, String greeting) {
        try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
            out.write(greeting.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.flush();
            in.transferTo(out);
        } catch (IOException e) {
            // the test closed its end
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
