package org.tilemark.workloads.dvdstore;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tilemark.workloads.driver.FormEncoding;
import org.tilemark.workloads.driver.HttpConnection;

/**
 * One user's view of one DVD Store web VM: HTTP requests for DS3's pages on the user's own keep-alive
 * connection, and the markers the pages carry (customer id, product rows, order id or rollback), as DS3's
 * own driver parses them. Not thread-safe: one user's.
 */
final class StoreFront implements AutoCloseable {

    private static final Pattern PRODUCT_ROW = Pattern.compile("data-prod-id=\"(\\d+)\"");
    private static final Pattern REVIEW_ROW = Pattern.compile("data-review-id=\"(\\d+)\"");
    private static final String FORM = "application/x-www-form-urlencoded";

    private final HttpConnection http;
    private final String vmName;
    private final Duration timeout;

    StoreFront(HttpConnection http, String vmName, Duration timeout) {
        this.http = http;
        this.vmName = vmName;
        this.timeout = timeout;
    }

    String vmName() {
        return vmName;
    }

    /** How long a page may take: a request past it fails. */
    Duration timeout() {
        return timeout;
    }

    /** A page that came back 200; anything else throws {@link StoreFrontException}. */
    record Page(String body) {

        /** The number in the page's {@code <span id="spanId">}: found by text, as a regex compiled per call cost more than the page. */
        OptionalLong id(String spanId) {
            String marker = "id=\"" + spanId + "\">";
            int at = body.indexOf(marker);
            if (at < 0) {
                return OptionalLong.empty();
            }
            int from = at + marker.length();
            int to = from;
            while (to < body.length() && to - from < 18 && body.charAt(to) >= '0' && body.charAt(to) <= '9') {
                to++;
            }
            boolean closed = to > from && to < body.length() && body.charAt(to) == '<';
            return closed ? OptionalLong.of(Long.parseLong(body, from, to, 10)) : OptionalLong.empty();
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

    /**
     * What the order does with a page: reads what it says (a customer id, an order id, a rollback), or
     * needs it served and no more (a search's rows: the basket comes from DS3's popularity array). A page
     * only served is read off the connection whole but not decoded: its {@link Page} is empty.
     */
    enum Use { READ, SERVED }

    Page get(String path, Map<String, String> query) throws StoreFrontException, InterruptedException {
        return get(path, query, Use.READ);
    }

    Page get(String path, Map<String, String> query, Use use) throws StoreFrontException, InterruptedException {
        try {
            return page(http.get(path + "?" + form(query), use == Use.READ, timeout));
        } catch (IOException e) {
            throw failed(e);
        }
    }

    Page post(String path, Map<String, String> fields) throws StoreFrontException, InterruptedException {
        return post(path, fields, Use.READ);
    }

    Page post(String path, Map<String, String> fields, Use use) throws StoreFrontException, InterruptedException {
        try {
            return page(http.post(path, FORM, form(fields).getBytes(StandardCharsets.US_ASCII), use == Use.READ, timeout));
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private Page page(HttpConnection.Response response) throws StoreFrontException {
        if (response.status() != 200) {
            throw new StoreFrontException("HTTP " + response.status() + " from " + vmName + ": "
                    + excerpt(response.body()));
        }
        return new Page(response.body());
    }

    /** The start of an error page, its tags dropped: the web tier says there what failed. */
    static String excerpt(String body) {
        String text = body.replaceAll("<[^>]*>", " ").replaceAll("\\s+", " ").strip();
        return text.length() <= 160 ? text : text.substring(0, 160) + "...";
    }

    private StoreFrontException failed(IOException e) {
        return new StoreFrontException(e.getClass().getSimpleName() + " from " + vmName + ": " + e.getMessage());
    }

    /** From the stopping thread: fails a request in progress at once. */
    void abort() {
        http.abort();
    }

    @Override
    public void close() {
        http.close();
    }

    /** The fields as {@code application/x-www-form-urlencoded}, in one builder ({@link FormEncoding}). */
    private static String form(Map<String, String> fields) {
        StringBuilder form = new StringBuilder(128);
        fields.forEach((name, value) -> FormEncoding.field(form, name, value));
        return form.toString();
    }
}
