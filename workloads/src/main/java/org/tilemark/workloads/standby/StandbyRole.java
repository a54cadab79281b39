package org.tilemark.workloads.standby;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;

/**
 * The {@code standby} VM: VMmark's standby server, which only has to stay alive. It answers
 * {@code GET /heartbeat} with {@code 200} and the number of beats answered so far. The JDK's own
 * HTTP server keeps the guest small (no framework, a tiny heap).
 *
 * <p>It listens on the guest config's bind address; the port is chosen by the OS.
 */
public final class StandbyRole implements GuestRole {

    public static final String NAME = "standby";
    static final String PATH = "/heartbeat";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunningGuest start(GuestContext context) throws IOException {
        InetAddress bind = InetAddress.getByName(context.bindAddress());
        HttpServer server = HttpServer.create(new InetSocketAddress(bind, 0), 0);
        AtomicLong beats = new AtomicLong();
        server.createContext(PATH, exchange -> answer(exchange, beats));
        // The default executor is the one dispatcher thread: one beat a second needs no pool.
        server.start();
        int port = server.getAddress().getPort();
        return new RunningGuest() {
            @Override
            public int port() {
                return port;
            }

            @Override
            public void close() {
                // A beat being answered is answered (at most a second's wait) before the server goes.
                server.stop(1);
            }
        };
    }

    private static void answer(HttpExchange exchange, AtomicLong beats) throws IOException {
        try (exchange) {
            if (!PATH.equals(exchange.getRequestURI().getPath())) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            if (!"GET".equals(exchange.getRequestMethod())) {
                exchange.getResponseHeaders().set("Allow", "GET");
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body = ("beat " + beats.incrementAndGet() + "\n").getBytes(StandardCharsets.US_ASCII);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=us-ascii");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
