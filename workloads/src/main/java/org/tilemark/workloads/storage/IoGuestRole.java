package org.tilemark.workloads.storage;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;

/**
 * The {@code io} VM of storage characterization: preallocates its data disks (files on its disk, on
 * the VM's datastore) at start, then runs one data point per {@code POST /run} (an {@link IoRunRequest}
 * as JSON, answered with the {@link IoResult} when the data point is done). The control endpoint
 * needs the token (the secret {@value #TOKEN_ENV}) as {@code Authorization: Bearer <token>}.
 *
 * <p>Settings: {@code io.disks} (data disks, default 1), {@code io.diskSize} (bytes per disk),
 * {@code io.seed}, {@code io.thin} (sparse disks, allocated on first write); it listens on the guest config's bind address.
 */
public final class IoGuestRole implements GuestRole {

    public static final String NAME = "io";
    public static final String TOKEN_ENV = "TILEMARK_IO_TOKEN";
    public static final String PATH = "/run";
    static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        String token = context.secret(TOKEN_ENV).orElseThrow(() -> new IllegalStateException(
                "secret " + TOKEN_ENV + " (the I/O VM's control token) is missing from the guest config"));
        int disks = Integer.parseInt(context.get("io.disks", "1").strip());
        long size = Long.parseLong(context.get("io.diskSize", Long.toString(256L << 20)).strip());
        long seed = Long.parseLong(context.get("io.seed", "42").strip());
        boolean thin = Boolean.parseBoolean(context.get("io.thin", "false").strip());
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < disks; i++) {
            Path file = context.disk().resolve("data" + i + ".bin");
            if (thin) {
                IoEngine.createThin(file, size);
            } else {
                IoEngine.preallocate(file, size, seed + i);
            }
            files.add(file);
        }
        InetAddress bind = InetAddress.getByName(context.bindAddress());
        HttpServer server = HttpServer.create(new InetSocketAddress(bind, 0), 0);
        ReentrantLock oneAtATime = new ReentrantLock();
        server.createContext(PATH, exchange -> handle(exchange, token, files, oneAtATime));
        server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        int port = server.getAddress().getPort();
        return new RunningGuest() {
            @Override
            public int port() {
                return port;
            }

            @Override
            public void close() {
                server.stop(0);
            }
        };
    }

    private static void handle(HttpExchange exchange, String token, List<Path> files, ReentrantLock oneAtATime) throws IOException {
        try (exchange) {
            if (!authorized(exchange.getRequestHeaders().getFirst("Authorization"), token)) {
                reply(exchange, 401, "{\"error\":\"missing or wrong control token\"}");
                return;
            }
            if (!"POST".equals(exchange.getRequestMethod())) {
                reply(exchange, 405, "{\"error\":\"POST an IoRunRequest\"}");
                return;
            }
            if (!oneAtATime.tryLock()) {
                reply(exchange, 409, "{\"error\":\"a data point is already running\"}");
                return;
            }
            try {
                IoRunRequest request = JSON.readValue(exchange.getRequestBody(), IoRunRequest.class);
                long wait = request.startAtEpochMs() - Instant.now().toEpochMilli();
                if (wait > 0) {
                    Thread.sleep(wait);
                }
                IoResult result = IoEngine.run(files, request.spec(), request.workersPerDisk(), request.rampUp(),
                        request.runtime(), request.seed());
                reply(exchange, 200, JSON.writeValueAsString(IoResultJson.of(result)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                reply(exchange, 500, error("interrupted"));
            } catch (IOException | RuntimeException e) {
                reply(exchange, 500, error(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            } finally {
                oneAtATime.unlock();
            }
        }
    }

    private static String error(String message) throws IOException {
        return JSON.writeValueAsString(java.util.Map.of("error", message));
    }

    private static boolean authorized(String header, String token) {
        String expected = "Bearer " + token;
        return header != null && MessageDigest.isEqual(header.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

}
