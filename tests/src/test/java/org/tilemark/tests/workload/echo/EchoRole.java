package org.tilemark.tests.workload.echo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;

/** The echo VM: {@code GET /echo?seq=N} answers {@code N}, on the guest config's bind address. */
final class EchoRole implements GuestRole {

    static final String NAME = "echo";
    static final String PATH = "/echo";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunningGuest start(GuestContext context) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(context.bindAddress()), 0), 0);
        server.createContext(PATH, EchoRole::answer);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        return RunningGuest.of(server.getAddress().getPort(), () -> server.stop(1));
    }

    private static void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String query = exchange.getRequestURI().getRawQuery();
            if (!"GET".equals(exchange.getRequestMethod()) || query == null || !query.startsWith("seq=")) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            byte[] body = query.substring("seq=".length()).getBytes(StandardCharsets.US_ASCII);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=us-ascii");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
