package org.tilemark.workloads.dvdstore;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The driver's view of one DVD Store web VM: HTTP requests for DS3's pages and the markers the
 * pages carry (customer id, product rows, order id or rollback), as DS3's own driver parses them.
 */
final class StoreFront {

    private static final Pattern PRODUCT_ROW = Pattern.compile("data-prod-id=\"(\\d+)\"");
    private static final Pattern REVIEW_ROW = Pattern.compile("data-review-id=\"(\\d+)\"");

    private final HttpClient http;
    private final URI base;
    private final String vmName;
    private final Duration timeout;

    StoreFront(HttpClient http, URI base, String vmName, Duration timeout) {
        this.http = http;
        this.base = base;
        this.vmName = vmName;
        this.timeout = timeout;
    }

    String vmName() {
        return vmName;
    }

    /** A page that came back 200; anything else throws {@link StoreFrontException}. */
    record Page(String body) {

        OptionalLong id(String spanId) {
            Matcher m = Pattern.compile("id=\"" + spanId + "\">(\\d+)<").matcher(body);
            return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
        }

        boolean rolledBack() {
            return body.contains("id=\"rollback\"");
        }

        List<Long> products() {
            return all(PRODUCT_ROW);
        }

        List<Long> reviews() {
            return all(REVIEW_ROW);
        }

        private List<Long> all(Pattern pattern) {
            List<Long> ids = new ArrayList<>();
            Matcher m = pattern.matcher(body);
            while (m.find()) {
                ids.add(Long.parseLong(m.group(1)));
            }
            return ids;
        }
    }

    static final class StoreFrontException extends Exception {
        StoreFrontException(String message) {
            super(message);
        }
    }

    Page get(String path, Map<String, String> query) throws StoreFrontException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path + "?" + form(query))).GET());
    }

    Page post(String path, Map<String, String> fields) throws StoreFrontException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(fields))));
    }

    private Page send(HttpRequest.Builder request) throws StoreFrontException, InterruptedException {
        try {
            HttpResponse<String> response = http.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new StoreFrontException("HTTP " + response.statusCode() + " from " + vmName);
            }
            return new Page(response.body());
        } catch (IOException e) {
            throw new StoreFrontException(e.getClass().getSimpleName() + " from " + vmName + ": " + e.getMessage());
        }
    }

    private static String form(Map<String, String> fields) {
        StringJoiner joined = new StringJoiner("&");
        fields.forEach((k, v) -> joined.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return joined.toString();
    }
}
