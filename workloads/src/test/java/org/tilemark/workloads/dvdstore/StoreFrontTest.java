package org.tilemark.workloads.dvdstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.driver.HttpConnection;
import org.tilemark.workloads.dvdstore.StoreFront.Page;
import org.tilemark.workloads.dvdstore.StoreFront.StoreFrontException;

class StoreFrontTest {

    private static final String VM = "tile1-dvdstore-web2";

    private HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/ds3/login", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawQuery());
            respond(exchange, 200, "<span id=\"customerid\">12</span>\n<h2>Welcome</h2>");
        });
        server.createContext("/ds3/purchase", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getFirst("Content-Type") + " " + body);
            respond(exchange, 200, "<span id=\"orderid\">4711</span>");
        });
        server.createContext("/ds3/broken", exchange -> respond(exchange, 500, "<h1>Internal error</h1>"));
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    @Test
    void pageFindsSpanIds() {
        Page page = new Page("<html><span id=\"customerid\">12</span>\n<span id=\"orderid\">0</span></html>");

        assertThat(page.id("customerid")).hasValue(12);
        assertThat(page.id("orderid")).hasValue(0);
        assertThat(page.id("reviewid")).isEmpty();
        assertThat(page.rolledBack()).isFalse();
    }

    @Test
    void pageListsProductAndReviewRowsInOrder() {
        Page page = new Page("""
                <table>
                <tr><th>Title</th></tr>
                <tr data-prod-id="17"><td>ACE GHOST</td></tr>
                <tr data-prod-id="9001"><td>BABY BEAR</td></tr>
                <tr data-review-id="5"><td>Great</td></tr>
                <tr data-review-id="123456789012"><td>Bad</td></tr>
                </table>""");

        assertThat(page.products()).containsExactly(17L, 9001L);
        assertThat(page.reviews()).containsExactly(5L, 123456789012L);
        assertThat(new Page("<p>nothing</p>").products()).isEmpty();
    }

    @Test
    void pageSeesTheRollbackMarker() {
        Page page = new Page("<span id=\"orderid\">0</span>\n<span id=\"rollback\">product 12 is short of stock</span>");

        assertThat(page.rolledBack()).isTrue();
        assertThat(page.id("orderid")).hasValue(0);
    }

    @Test
    void getSendsAnEncodedQueryAndReturnsThePage() throws Exception {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("username", "user 12&x");
        query.put("password", "pass=word");

        Page page = store(server.getAddress().getPort()).get("/ds3/login", query);

        assertThat(page.id("customerid")).hasValue(12);
        assertThat(requests).containsExactly("GET username=user+12%26x&password=pass%3Dword");
    }

    @Test
    void postSendsAnEncodedForm() throws Exception {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("customerid", "12");
        form.put("items", "1:2,10000:1");

        Page page = store(server.getAddress().getPort()).post("/ds3/purchase", form);

        assertThat(page.id("orderid")).hasValue(4711);
        assertThat(requests).containsExactly("POST application/x-www-form-urlencoded customerid=12&items=1%3A2%2C10000%3A1");
    }

    @Test
    void aServerErrorThrowsNamingTheVmAndWhatItsPageSays() {
        StoreFront store = store(server.getAddress().getPort());

        assertThatThrownBy(() -> store.get("/ds3/broken", Map.of()))
                .isInstanceOf(StoreFrontException.class)
                .hasMessage("HTTP 500 from " + VM + ": Internal error");
        assertThatThrownBy(() -> store.get("/ds3/missing", Map.of()))
                .isInstanceOf(StoreFrontException.class)
                .hasMessageStartingWith("HTTP 404 from " + VM + ": 404 Not Found");
    }

    @Test
    void aRefusedConnectionThrowsNamingTheVm() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        StoreFront store = store(closedPort);

        assertThatThrownBy(() -> store.get("/ds3/login", Map.of("username", "user1")))
                .isInstanceOf(StoreFrontException.class)
                .hasMessageContaining("from " + VM)
                .hasMessageStartingWith("ConnectException");
        assertThat(store.vmName()).isEqualTo(VM);
    }

    private StoreFront store(int port) {
        return new StoreFront(new HttpConnection(new InetSocketAddress("127.0.0.1", port), Duration.ofSeconds(5)), VM,
                Duration.ofSeconds(10));
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html;charset=UTF-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
