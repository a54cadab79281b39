package org.tilemark.workloads.olio;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tilemark.workloads.driver.HttpConnection;

/**
 * One simulated user's browser on the Olio web tier, as JMeter's HTTP sampler with a cookie manager, a
 * cache manager and embedded-resource download behaves for Olio: one keep-alive connection; cookies
 * kept and sent; redirects followed (a POST's as a GET); a page's images, script and stylesheet fetched
 * one after another unless the cache holds them (kept for the answer's {@code max-age}, never for
 * {@code no-store}). Every request's status is checked: 4xx and 5xx fail the page. Not thread-safe,
 * except {@link #abort}.
 */
final class OlioBrowser implements AutoCloseable {

    /** JMeter's default {@code httpsampler.max_redirects}. */
    static final int MAX_REDIRECTS = 20;

    /** What a page view came to: whether every request succeeded, why not, and the page's HTML. */
    record View(boolean ok, String failure, String html) {
        static View failed(String why) {
            return new View(false, why, "");
        }
    }

    private final HttpConnection connection;
    private final Duration timeout;
    private final Map<String, String> cookies = new LinkedHashMap<>();
    private final Map<String, Long> cachedUntilNanos = new HashMap<>();
    private String cookieHeader;
    private final Answer answer = new Answer();
    private long requests;

    OlioBrowser(InetSocketAddress server, Duration timeout) {
        this.connection = new HttpConnection(server, timeout);
        this.timeout = timeout;
    }

    /** GET {@code target}, its redirects and then its embedded files. */
    View view(String target) throws InterruptedException {
        View page = request("GET", target, null, null);
        if (!page.ok()) {
            return page;
        }
        for (String file : EmbeddedResources.in(page.html(), answer.path)) {
            Long until = cachedUntilNanos.get(file);
            if (until != null && until - System.nanoTime() > 0) {
                continue;
            }
            View fetched = exchange("GET", file, null, null, false);
            if (!fetched.ok()) {
                return fetched;
            }
            if (answer.maxAgeSeconds > 0) {
                cachedUntilNanos.put(file, System.nanoTime() + answer.maxAgeSeconds * 1_000_000_000L);
            }
        }
        return page;
    }

    /** {@code method target} with an optional body, following redirects; no embedded files. */
    View request(String method, String target, String contentType, byte[] content) throws InterruptedException {
        View view = exchange(method, target, contentType, content, true);
        for (int redirects = 0; view.ok() && answer.location != null; redirects++) {
            if (redirects == MAX_REDIRECTS) {
                return View.failed("more than " + MAX_REDIRECTS + " redirects from " + target);
            }
            String next = pathOf(answer.location, answer.path);
            view = exchange("GET", next, null, null, true);
        }
        return view;
    }

    /** HTTP requests sent so far (pages, redirects and embedded files). */
    long requests() {
        return requests;
    }

    /** Faban's next session starts with an empty browser cache. */
    void emptyCache() {
        cachedUntilNanos.clear();
    }

    /** From another thread: fails a request in progress at once (the run is stopping). */
    void abort() {
        connection.abort();
    }

    @Override
    public void close() {
        connection.close();
    }

    private View exchange(String method, String target, String contentType, byte[] content, boolean decode)
            throws InterruptedException {
        answer.reset(target);
        requests++;
        HttpConnection.Response response;
        try {
            response = connection.send(method, target, cookieHeader, contentType, content, decode, answer, timeout);
        } catch (IOException e) {
            return View.failed(method + " " + target + ": " + e.getMessage());
        }
        if (answer.cookiesChanged) {
            cookieHeader = cookieHeader();
        }
        int status = response.status();
        if (status >= 400) {
            return View.failed(method + " " + target + ": HTTP " + status);
        }
        if (status < 300 || status == 304) {
            answer.location = null;
        }
        return new View(true, null, response.body());
    }

    private String cookieHeader() {
        if (cookies.isEmpty()) {
            return null;
        }
        StringBuilder header = new StringBuilder("Cookie: ");
        cookies.forEach((name, value) -> header.append(name).append('=').append(value).append("; "));
        header.setLength(header.length() - 2);
        return header.append("\r\n").toString();
    }

    /** A Location's path on this server: an absolute URL's path, or a relative one resolved. */
    static String pathOf(String location, String from) {
        int scheme = location.indexOf("://");
        if (scheme > 0) {
            int slash = location.indexOf('/', scheme + 3);
            return slash < 0 ? "/" : location.substring(slash);
        }
        return location.startsWith("/") ? location : EmbeddedResources.relative(location, from);
    }

    private static final List<String> HEARD = List.of("location", "set-cookie", "cache-control");

    /** The headers of the answer being read that the browser acts on. */
    private final class Answer implements HttpConnection.HeaderListener {
        String path;
        String location;
        long maxAgeSeconds;
        boolean cookiesChanged;

        void reset(String target) {
            path = target;
            location = null;
            maxAgeSeconds = 0;
            cookiesChanged = false;
        }

        @Override
        public List<String> names() {
            return HEARD;
        }

        @Override
        public void header(String name, String value) {
            if (name.equalsIgnoreCase("Location")) {
                location = value;
            } else if (name.equalsIgnoreCase("Set-Cookie")) {
                setCookie(value);
            } else if (name.equalsIgnoreCase("Cache-Control")) {
                maxAgeSeconds = maxAge(value.toLowerCase(Locale.ROOT));
            }
        }

        private void setCookie(String value) {
            int semicolon = value.indexOf(';');
            String pair = semicolon < 0 ? value : value.substring(0, semicolon);
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                return;
            }
            String name = pair.substring(0, eq).trim();
            String lower = value.toLowerCase(Locale.ROOT);
            if (lower.contains("max-age=0") || lower.contains("expires=thu, 01 jan 1970")) {
                cookies.remove(name);
            } else {
                cookies.put(name, pair.substring(eq + 1).trim());
            }
            cookiesChanged = true;
        }

        private static long maxAge(String cacheControl) {
            if (cacheControl.contains("no-store") || cacheControl.contains("no-cache")) {
                return 0;
            }
            int at = cacheControl.indexOf("max-age=");
            if (at < 0) {
                return 0;
            }
            int from = at + "max-age=".length();
            int to = from;
            while (to < cacheControl.length() && Character.isDigit(cacheControl.charAt(to))) {
                to++;
            }
            // more than nine digits is longer than any run: a year will do
            return to == from ? 0 : to - from > 9 ? 365L * 24 * 3600 : Long.parseLong(cacheControl.substring(from, to));
        }
    }
}
