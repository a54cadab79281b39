package org.tilemark.workloads.olio;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A minimal Olio web tier implementing the HTTP contract the driver codes against (pages, login
 * sessions, multipart uploads, cacheable static files), counting what it was asked and recording
 * every request that breaks the contract, so tests can check the driver's behaviour.
 */
final class FakeOlioServer implements AutoCloseable {

    private static final Pattern EVENT = Pattern.compile("/events/(\\d+)");
    private static final Pattern ATTEND = Pattern.compile("/events/(\\d+)/attend");
    private static final Pattern PERSON = Pattern.compile("/people/(\\d+)");
    private static final Pattern SESSION = Pattern.compile("OLIOSESSION=([0-9a-f-]+)");

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(16);
    private final int loadedUsers;
    private final Map<String, String> sessions = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> requests = new ConcurrentHashMap<>();
    final Queue<String> violations = new ConcurrentLinkedQueue<>();
    private final java.util.Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

    FakeOlioServer(int loadedUsers) throws IOException {
        this.loadedUsers = loadedUsers;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    InetSocketAddress address() {
        return server.getAddress();
    }

    /** How many requests matched {@code key}: "GET /", "POST /login", "GET /static/olio.css", ... */
    long count(String key) {
        LongAdder adder = requests.get(key);
        return adder == null ? 0 : adder.sum();
    }

    /** How many client connections sent requests (a driver's user keeps one while it is busy). */
    int connections() {
        return clientPorts.size();
    }

    long total() {
        return requests.values().stream().mapToLong(LongAdder::sum).sum();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            byte[] body = exchange.getRequestBody().readAllBytes();
            String key = method + " " + normalized(path);
            clientPorts.add(exchange.getRemoteAddress().getPort());
            requests.computeIfAbsent(key, k -> new LongAdder()).increment();
            String user = sessionUser(exchange);
            Matcher m;
            if (method.equals("GET") && path.equals("/")) {
                page(exchange, "Home", eventLinks() + "<a class=\"tag\" href=\"/tags?tag=music\">music</a>"
                        + "<a class=\"tag\" href=\"/tags?tag=art\">art</a>");
            } else if (method.equals("GET") && (path.startsWith("/static/") || path.startsWith("/files/"))) {
                staticFile(exchange, path);
            } else if (method.equals("POST") && path.equals("/login")) {
                login(exchange, new String(body, StandardCharsets.UTF_8));
            } else if (method.equals("GET") && path.equals("/logout")) {
                if (user == null) {
                    violations.add("logout without a session");
                }
                sessions.remove(sessionId(exchange));
                redirect(exchange, "/", null);
            } else if (method.equals("GET") && path.equals("/tags")) {
                String query = exchange.getRequestURI().getQuery();
                if (query == null || !query.contains("tag=") || !query.contains("page=1")) {
                    violations.add("tag search without tag and page: " + query);
                }
                page(exchange, "Tag", eventLinks());
            } else if (method.equals("POST") && (m = ATTEND.matcher(path)).matches()) {
                if (user == null) {
                    violations.add("attend without login");
                    exchange.sendResponseHeaders(403, -1);
                    return;
                }
                redirect(exchange, "/events/" + m.group(1), null);
            } else if (method.equals("GET") && EVENT.matcher(path).matches()) {
                page(exchange, "Event", "<a class=\"person\" href=\"/people/3\">p3</a><a class=\"person\" href=\"/people/4\">p4</a>");
            } else if (method.equals("GET") && PERSON.matcher(path).matches()) {
                page(exchange, "Person", "<img src=\"/files/person.png\">");
            } else if (method.equals("POST") && path.equals("/people")) {
                multipart(exchange, body, "username", "password", "firstname", "lastname", "email", "image");
                redirect(exchange, "/people/99", null);
            } else if (method.equals("POST") && path.equals("/events")) {
                if (user == null) {
                    violations.add("add event without login");
                }
                multipart(exchange, body, "title", "year", "month", "day", "hour", "minute", "tags", "image", "literature");
                redirect(exchange, "/events/77", null);
            } else {
                violations.add("unexpected " + key);
                exchange.sendResponseHeaders(404, -1);
            }
        } catch (RuntimeException e) {
            violations.add("server error " + e);
            throw e;
        }
    }

    private static String normalized(String path) {
        if (ATTEND.matcher(path).matches()) {
            return "/events/{id}/attend";
        }
        if (EVENT.matcher(path).matches()) {
            return "/events/{id}";
        }
        if (PERSON.matcher(path).matches()) {
            return "/people/{id}";
        }
        return path;
    }

    private static String eventLinks() {
        return "<a class=\"event\" href=\"/events/1\">e1</a><a class=\"event\" href=\"/events/2\">e2</a>"
                + "<a class=\"event\" href=\"/events/3\">e3</a>";
    }

    private String sessionUser(HttpExchange exchange) {
        String session = sessionId(exchange);
        return session == null ? null : sessions.get(session);
    }

    private static String sessionId(HttpExchange exchange) {
        String cookie = exchange.getRequestHeaders().getFirst("Cookie");
        if (cookie == null) {
            return null;
        }
        Matcher m = SESSION.matcher(cookie);
        return m.find() ? m.group(1) : "";
    }

    private void login(HttpExchange exchange, String form) throws IOException {
        Map<String, String> fields = new ConcurrentHashMap<>();
        for (String pair : form.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                fields.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        String username = fields.getOrDefault("username", "");
        Matcher m = Pattern.compile("user(\\d+)").matcher(username);
        boolean valid = m.matches() && Integer.parseInt(m.group(1)) >= 1 && Integer.parseInt(m.group(1)) <= loadedUsers
                && ("pass" + m.group(1)).equals(fields.get("password"));
        if (!valid) {
            violations.add("login refused for " + username);
            page(exchange, "Login", "<p class=\"login-failed\">wrong</p>");
            return;
        }
        String session = UUID.randomUUID().toString();
        sessions.put(session, username);
        redirect(exchange, "/", "OLIOSESSION=" + session + "; Path=/; HttpOnly");
    }

    private void multipart(HttpExchange exchange, byte[] body, String... fields) {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.startsWith("multipart/form-data")) {
            violations.add("not multipart: " + type);
            return;
        }
        String text = new String(body, StandardCharsets.ISO_8859_1);
        for (String field : fields) {
            if (!text.contains("name=\"" + field + "\"")) {
                violations.add("multipart without " + field);
            }
        }
        if (text.contains("name=\"literature\"") && !text.contains("%PDF-")) {
            violations.add("literature is not a PDF");
        }
    }

    private static void page(HttpExchange exchange, String title, String content) throws IOException {
        String html = "<html><head><title>" + title + "</title><link rel=\"stylesheet\" href=\"/static/olio.css\">"
                + "<script src=\"/static/olio.js\"></script></head><body><img src=\"/static/img/logo.png\">"
                + content + "</body></html>";
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=UTF-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void staticFile(HttpExchange exchange, String path) throws IOException {
        byte[] bytes = ("static " + path).getBytes(StandardCharsets.UTF_8);
        String type = path.endsWith(".css") ? "text/css" : path.endsWith(".js") ? "application/javascript" : "image/png";
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "public, max-age=86400");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void redirect(HttpExchange exchange, String location, String cookie) throws IOException {
        exchange.getResponseHeaders().set("Location", location);
        if (cookie != null) {
            exchange.getResponseHeaders().set("Set-Cookie", cookie);
        }
        exchange.sendResponseHeaders(302, -1);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
