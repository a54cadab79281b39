package org.tilemark.workloads.olio;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The compiled user's browser against a real HTTP server: cookies, redirects, cache, failures. */
class OlioBrowserTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private final Queue<String> requests = new ConcurrentLinkedQueue<>();
    private HttpServer server;
    private OlioBrowser browser;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", this::handle);
        server.start();
        browser = new OlioBrowser(server.getAddress(), TIMEOUT);
    }

    @AfterEach
    void stop() {
        browser.close();
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().toString();
            exchange.getRequestBody().readAllBytes();
            String cookie = exchange.getRequestHeaders().getFirst("Cookie");
            requests.add(exchange.getRequestMethod() + " " + path + (cookie == null ? "" : " [" + cookie + "]"));
            switch (path) {
                case "/page" -> answer(exchange, 200, "no-store", "<link rel=\"stylesheet\" href=\"/kept.css\">"
                        + "<img src=\"/fresh.png\"><img src=\"/kept.css\">");
                case "/kept.css" -> answer(exchange, 200, "public, max-age=3600", "css");
                case "/fresh.png" -> answer(exchange, 200, "no-cache", "png");
                case "/login" -> {
                    exchange.getResponseHeaders().add("Set-Cookie", "SESSION=abc; Path=/; HttpOnly");
                    exchange.getResponseHeaders().add("Set-Cookie", "THEME=dark");
                    redirect(exchange, "http://" + exchange.getRequestHeaders().getFirst("Host") + "/home");
                }
                case "/home" -> answer(exchange, 200, null, "<img src=\"/missing.png\"> home");
                case "/logout" -> {
                    exchange.getResponseHeaders().add("Set-Cookie", "SESSION=; Max-Age=0; Path=/");
                    redirect(exchange, "home");
                }
                case "/loop" -> redirect(exchange, "/loop");
                case "/broken" -> answer(exchange, 200, null, "<img src=\"/missing.png\">");
                default -> answer(exchange, 404, null, "not here");
            }
        }
    }

    private static void answer(HttpExchange exchange, int status, String cacheControl, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (cacheControl != null) {
            exchange.getResponseHeaders().set("Cache-Control", cacheControl);
        }
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void redirect(HttpExchange exchange, String location) throws IOException {
        exchange.getResponseHeaders().set("Location", location);
        exchange.sendResponseHeaders(302, -1);
    }

    @Test
    void embeddedFilesComeFromTheCacheWhileTheirMaxAgeLastsAndAgainOnceItIsEmptied() throws Exception {
        assertThat(browser.view("/page").ok()).isTrue();
        assertThat(browser.view("/page").ok()).isTrue();
        browser.emptyCache();
        assertThat(browser.view("/page").ok()).isTrue();
        assertThat(List.copyOf(requests)).containsExactly(
                "GET /page", "GET /kept.css", "GET /fresh.png",
                "GET /page", "GET /fresh.png",
                "GET /page", "GET /kept.css", "GET /fresh.png");
    }

    @Test
    void aPostsRedirectIsFollowedAsAGetAndCookiesAreKeptUntilTheServerDropsThem() throws Exception {
        OlioBrowser.View login = browser.request("POST", "/login", "application/x-www-form-urlencoded",
                "username=u&password=p".getBytes(StandardCharsets.UTF_8));
        assertThat(login.ok()).isTrue();
        assertThat(login.html()).contains("home");
        assertThat(browser.request("GET", "/logout", null, null).ok()).isTrue();
        assertThat(browser.request("GET", "/home", null, null).ok()).isTrue();
        assertThat(List.copyOf(requests)).containsExactly(
                "POST /login", "GET /home [SESSION=abc; THEME=dark]",
                "GET /logout [SESSION=abc; THEME=dark]", "GET /home [THEME=dark]",
                "GET /home [THEME=dark]");
    }

    @Test
    void aFailedFileFailsThePageAndSaysWhich() throws Exception {
        OlioBrowser.View broken = browser.view("/broken");
        assertThat(broken.ok()).isFalse();
        assertThat(broken.failure()).isEqualTo("GET /missing.png: HTTP 404");
        OlioBrowser.View loop = browser.view("/loop");
        assertThat(loop.ok()).isFalse();
        assertThat(loop.failure()).isEqualTo("more than " + OlioBrowser.MAX_REDIRECTS + " redirects from /loop");
    }

    @Test
    void anUnreachableServerFailsTheRequestWithoutThrowing() throws Exception {
        server.stop(0);
        OlioBrowser.View view = browser.view("/page");
        assertThat(view.ok()).isFalse();
        assertThat(view.failure()).startsWith("GET /page: ");
    }
}
