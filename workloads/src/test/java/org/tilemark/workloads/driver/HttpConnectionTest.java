package org.tilemark.workloads.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The drivers' HTTP/1.1 connection against the JDK's HTTP server, and against a scripted one for the edge cases. */
class HttpConnectionTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private HttpServer server;
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private final List<String> requests = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/fixed", exchange -> respond(exchange, 200, "fixed ✓ " + exchange.getRequestURI().getRawQuery(), false));
        server.createContext("/chunked", exchange -> respond(exchange, 200, "x".repeat(40_000), true));
        server.createContext("/missing", exchange -> respond(exchange, 404, "no such page", false));
        server.createContext("/form", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            respond(exchange, 200, exchange.getRequestHeaders().getFirst("Content-Type") + " " + body, false);
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    @Test
    void answersOfFixedLengthAndChunkedComeBackWholeOnOneKeptConnection() throws Exception {
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            HttpConnection.Response fixed = http.get("/fixed?a=1&b=x%20y", TIMEOUT);
            HttpConnection.Response chunked = http.get("/chunked", TIMEOUT);
            HttpConnection.Response form = http.post("/form", "application/x-www-form-urlencoded",
                    "name=a%26b&n=2".getBytes(StandardCharsets.US_ASCII), true, TIMEOUT);
            HttpConnection.Response missing = http.get("/missing", TIMEOUT);

            assertThat(fixed).isEqualTo(new HttpConnection.Response(200, "fixed ✓ a=1&b=x%20y"));
            assertThat(chunked.status()).isEqualTo(200);
            assertThat(chunked.body()).hasSize(40_000).matches("x+");
            assertThat(form.body()).isEqualTo("application/x-www-form-urlencoded name=a%26b&n=2");
            assertThat(missing).isEqualTo(new HttpConnection.Response(404, "no such page"));
        }
        assertThat(requests).containsExactly("GET /fixed", "GET /chunked", "POST /form", "GET /missing");
        assertThat(clientPorts).as("one connection for all four").hasSize(1);
    }

    @Test
    void aBodyNotDecodedIsReadPastAndAnErrorPageIsStillDecoded() throws Exception {
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            assertThat(http.get("/chunked", false, TIMEOUT)).isEqualTo(new HttpConnection.Response(200, ""));
            assertThat(http.get("/fixed?a=1", false, TIMEOUT)).isEqualTo(new HttpConnection.Response(200, ""));
            assertThat(http.get("/missing", false, TIMEOUT)).isEqualTo(new HttpConnection.Response(404, "no such page"));
            // Each answer was read to its end: the next one on the same connection starts where it should.
            assertThat(http.get("/fixed?a=2", TIMEOUT)).isEqualTo(new HttpConnection.Response(200, "fixed ✓ a=2"));
        }
        assertThat(clientPorts).as("one connection for all four").hasSize(1);
    }

    @Test
    void anAnswerThatDoesNotComeInTimeIsATimeout() throws Exception {
        answerAfter("/slow", Duration.ofSeconds(2));
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            // Answered 2 s later, had the client waited: the timeout ends the wait instead.
            assertThatThrownBy(() -> http.get("/slow", Duration.ofMillis(300))).isInstanceOf(SocketTimeoutException.class);
            // The timed-out connection is dropped: the next request has one of its own.
            assertThat(http.get("/fixed", TIMEOUT).status()).isEqualTo(200);
        }
        assertThat(clientPorts).hasSize(2);
    }

    @Test
    void aDeadlineSoonerThanTheScannersNextLookWakesIt() throws Exception {
        // The scanner sleeps up to Deadlines.IDLE (1 s) when nothing is due sooner; an answer 700 ms
        // late shows whether a request due in 100 ms woke it (then it is a timeout) or not.
        answerAfter("/slow", Duration.ofMillis(700));
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            assertThat(http.get("/fixed", TIMEOUT).status()).isEqualTo(200);
            Thread.sleep(Deadlines.IDLE.toMillis() + 100); // nothing pending: the scanner parks for IDLE
            assertThatThrownBy(() -> http.get("/slow", Duration.ofMillis(100))).isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void anAnswerAfterTheDeadlineIsATimeoutEvenBeforeTheScannerLooks() throws Exception {
        // Due in 50 ms, answered at about 70: the scanner looks at most every Deadlines.PRECISION
        // (100 ms), so the answer is usually in first, and the request is still a timeout.
        answerAfter("/late", Duration.ofMillis(70));
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            assertThat(http.get("/fixed", TIMEOUT).status()).isEqualTo(200);
            assertThatThrownBy(() -> http.get("/late", Duration.ofMillis(50)))
                    .isInstanceOf(SocketTimeoutException.class).hasMessageContaining("no answer from");
        }
    }

    @Test
    void aGetThatTimesOutOnAKeptConnectionIsATimeoutAndIsNotSentAgain() throws Exception {
        answerAfter("/slow", Duration.ofSeconds(2));
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            assertThat(http.get("/fixed", TIMEOUT).status()).isEqualTo(200);
            // The deadline closes the kept connection under the read: that is a timeout, not a stale connection.
            assertThatThrownBy(() -> http.get("/slow", Duration.ofMillis(300)))
                    .isInstanceOf(SocketTimeoutException.class).hasMessageContaining("no answer from");
            assertThat(http.get("/fixed", TIMEOUT).status()).isEqualTo(200);
        }
        Thread.sleep(2_000); // the slow answer, written to the closed connection
        assertThat(requests).containsExactly("GET /fixed", "GET /slow", "GET /fixed");
    }

    @Test
    void aConnectNobodyAcceptsEndsAtTheConnectTimeout() throws Exception {
        // A listener whose accept queue is full drops new connections' SYNs: their connect waits.
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<java.net.Socket> queued = new java.util.ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    java.net.Socket s = new java.net.Socket();
                    s.connect(full.getLocalSocketAddress(), 500);
                    queued.add(s);
                }
            } catch (SocketTimeoutException queueFull) {
                // the queue was full sooner
            }
            try (HttpConnection http = new HttpConnection((InetSocketAddress) full.getLocalSocketAddress(),
                    Duration.ofMillis(300))) {
                assertThatThrownBy(() -> http.get("/", TIMEOUT))
                        .isInstanceOf(SocketTimeoutException.class).hasMessageContaining("no connection to");
            } finally {
                for (java.net.Socket s : queued) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aUserStoppedMidRequestGetsAnInterruptNotAnIoFailure() throws Exception {
        answerAfter("/hang", Duration.ofSeconds(3)); // longer than the test waits before it interrupts
        java.util.concurrent.atomic.AtomicReference<Throwable> thrown = new java.util.concurrent.atomic.AtomicReference<>();
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            Thread user = Thread.ofVirtual().start(() -> {
                try {
                    http.get("/hang", Duration.ofSeconds(30));
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            Thread.sleep(300); // the request is on its way
            user.interrupt();
            user.join(Duration.ofSeconds(10));
        }
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
    }

    @Test
    void aGetOnAConnectionTheServerClosedIsSentAgainOnANewOneButAPostIsNot() throws Exception {
        try (ScriptedServer scripted = new ScriptedServer()) {
            try (HttpConnection http = new HttpConnection(scripted.address(), TIMEOUT)) {
                assertThat(http.get("/one", TIMEOUT).body()).isEqualTo("answer 1"); // the server then closes
                assertThat(http.get("/two", TIMEOUT).body()).isEqualTo("answer 2"); // found closed, sent again
                assertThat(scripted.connections()).isEqualTo(2);
                assertThatThrownBy(() -> http.post("/three", "text/plain", new byte[] {'x'}, true, TIMEOUT))
                        .isInstanceOf(IOException.class).hasMessageContaining("before it answered");
            }
            assertThat(scripted.requestLines()).containsExactly("GET /one HTTP/1.1", "GET /two HTTP/1.1");
        }
    }

    /** A stop closes the kept connection under a GET the server already has: it must not reach the server twice. */
    @Test
    void aGetAbortedOnAKeptConnectionIsNotSentAgain() throws Exception {
        java.util.concurrent.CountDownLatch arrived = new java.util.concurrent.CountDownLatch(1);
        server.createContext("/logout", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
            arrived.countDown();
            try {
                Thread.sleep(3000); // longer than the test waits before it aborts
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(exchange, 200, "bye", false);
        });
        java.util.concurrent.atomic.AtomicReference<Throwable> thrown = new java.util.concurrent.atomic.AtomicReference<>();
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            assertThat(http.get("/fixed", TIMEOUT).status()).isEqualTo(200); // the connection is kept
            Thread user = Thread.ofVirtual().start(() -> {
                try {
                    http.get("/logout", TIMEOUT);
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            assertThat(arrived.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            http.abort();
            user.join(Duration.ofSeconds(10));
        }
        Thread.sleep(500); // a request sent again would have arrived by now
        assertThat(thrown.get()).isInstanceOf(IOException.class);
        assertThat(requests).containsExactly("GET /fixed", "GET /logout");
    }

    @Test
    void anAnswerWithConnectionCloseEndsTheConnection() throws Exception {
        server.createContext("/bye", exchange -> {
            exchange.getResponseHeaders().set("Connection", "close");
            respond(exchange, 200, "bye", false);
        });
        try (HttpConnection http = new HttpConnection(server.getAddress(), TIMEOUT)) {
            assertThat(http.get("/bye", TIMEOUT).body()).isEqualTo("bye");
            assertThat(http.get("/fixed", TIMEOUT).status()).isEqualTo(200);
        }
        assertThat(clientPorts).hasSize(2);
    }

    @Test
    void nothingListeningIsAConnectError() {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        try (HttpConnection http = new HttpConnection(new InetSocketAddress("127.0.0.1", port), TIMEOUT)) {
            assertThatThrownBy(() -> http.get("/", TIMEOUT)).isInstanceOf(java.net.ConnectException.class);
        }
    }

    private void answerAfter(String path, Duration delay) {
        server.createContext(path, exchange -> {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(exchange, 200, "late", false);
        });
    }

    private void respond(HttpExchange exchange, int status, String body, boolean chunked) throws IOException {
        requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
        clientPorts.add(exchange.getRemoteAddress().getPort());
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, chunked ? 0 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Answers one request per connection with keep-alive headers, then closes it as an idle server would. */
    private static final class ScriptedServer implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        private final List<String> requestLines = new CopyOnWriteArrayList<>();
        private final Thread acceptor;
        private volatile int connections;

        ScriptedServer() throws IOException {
            acceptor = Thread.ofVirtual().start(this::serve);
        }

        private void serve() {
            int answered = 0;
            while (!socket.isClosed()) {
                try (Socket client = socket.accept()) {
                    connections++;
                    InputStream in = client.getInputStream();
                    String head = readHead(in);
                    if (head.isEmpty()) {
                        continue;
                    }
                    requestLines.add(head.lines().findFirst().orElse(""));
                    answered++;
                    byte[] body = ("answer " + answered).getBytes(StandardCharsets.US_ASCII);
                    client.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Length: " + body.length
                            + "\r\nConnection: keep-alive\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    client.getOutputStream().write(body);
                    client.getOutputStream().flush();
                    Thread.sleep(100); // the answer is read before the close
                } catch (IOException | InterruptedException closed) {
                    return;
                }
            }
        }

        private static String readHead(InputStream in) throws IOException {
            StringBuilder head = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0) {
                head.append((char) c);
                if (head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                    break;
                }
            }
            return head.toString();
        }

        InetSocketAddress address() {
            return new InetSocketAddress("127.0.0.1", socket.getLocalPort());
        }

        int connections() {
            return connections;
        }

        List<String> requestLines() {
            return requestLines;
        }

        @Override
        public void close() throws Exception {
            socket.close();
            acceptor.join(5_000);
        }
    }
}
