package org.tilemark.workloads.dvdstore.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.dvdstore.Ds3Size;
import org.tilemark.workloads.dvdstore.db.DvdStoreDbRole;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;

/** The store front end to end: real PostgreSQL (dvdstore-db guest, size 0.2MB) behind the web guest. */
class DvdStoreWebRoleTest {

    private static final String PASSWORD = "web-t3st-Secret";
    private static final Ds3Catalog CATALOG = new Ds3Catalog(Ds3Size.parse("0.2MB"), 9);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path root;
    private static RunningGuest database;
    private static RunningGuest web;
    private static String dbUrl;

    @BeforeAll
    static void startBothTiers() throws Exception {
        Map<String, String> secrets = Map.of(DvdStoreDbRole.PASSWORD_ENV, PASSWORD);
        GuestContext dbContext = new GuestContext(root.resolve("db"),
                Map.of("dvdstore.size", "0.2MB", "dvdstore.seed", "9"), secrets);
        DvdStoreDbRole dbRole = new DvdStoreDbRole();
        dbRole.buildTemplate(dbContext);
        database = dbRole.start(dbContext);
        dbUrl = "jdbc:postgresql://127.0.0.1:" + database.port() + "/ds3";
        web = new DvdStoreWebRole().start(new GuestContext(root.resolve("web"),
                Map.of("dvdstore.db.url", dbUrl, "dvdstore.db.pool", "4"), secrets));
    }

    @AfterAll
    static void stopBothTiers() throws Exception {
        if (web != null) {
            web.close();
        }
        if (database != null) {
            database.close();
        }
    }

    @Test
    void healthAnswersOk() throws Exception {
        HttpResponse<String> response = get("/ds3/health");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ok");
    }

    @Test
    void loginReturnsTheCustomerAndPreviousTitles() throws Exception {
        long customer = customerWithOrders();
        HttpResponse<String> page = get("/ds3/login?username=" + CATALOG.username(customer) + "&password=password");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(marker(page.body(), "customerid")).isEqualTo(customer);
        assertThat(page.body()).contains("<td>");
        assertThat(marker(get("/ds3/login?username=user1&password=wrong").body(), "customerid")).isZero();
    }

    @Test
    void newCustomerThenDuplicateUsernameThenMembership() throws Exception {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("firstname", "ADA");
        form.put("lastname", "LOVELACE");
        form.put("address1", "1 Main Street");
        form.put("city", "LONDON");
        form.put("country", "UK");
        form.put("region", "2");
        form.put("email", "ada@example.com");
        form.put("creditcardtype", "1");
        form.put("creditcard", "1234567812345678");
        form.put("creditcardexpiration", "2030/01");
        form.put("username", "newuser-ada");
        form.put("password", "pw");
        form.put("age", "36");
        form.put("income", "60000");
        form.put("gender", "F");
        long id = marker(post("/ds3/newcustomer", form).body(), "customerid");
        assertThat(id).isGreaterThan(CATALOG.size().customers());
        assertThat(marker(post("/ds3/newcustomer", form).body(), "customerid")).isZero();
        assertThat(marker(get("/ds3/login?username=newuser-ada&password=pw").body(), "customerid")).isEqualTo(id);
        assertThat(marker(post("/ds3/newmember", Map.of("customerid", Long.toString(id), "membershiptype", "2")).body(),
                "memberid")).isEqualTo(id);
        form.remove("creditcard");
        assertThat(post("/ds3/newcustomer", form).statusCode()).isEqualTo(400);
    }

    @Test
    void browseFindsCatalogProducts() throws Exception {
        long prodId = 17;
        String actorPage = get("/ds3/browse?type=actor&value=" + encode(CATALOG.actorOf(prodId)) + "&batch=20").body();
        assertThat(actorPage).contains("data-prod-id=\"" + prodId + "\"");
        String titleWord = CATALOG.titleOf(prodId).split(" ")[1].toLowerCase();
        String titlePage = get("/ds3/browse?type=title&value=" + titleWord + "&batch=100").body();
        assertThat(titlePage).contains("data-prod-id=\"" + prodId + "\"");
        // A part of the first word matches by prefix only (no whole word), and only titles that start with it.
        String title = CATALOG.titleOf(prodId);
        String prefix = title.substring(0, 4);
        String prefixPage = get("/ds3/browse?type=title&value=" + prefix.toLowerCase() + "&batch=100").body();
        assertThat(prefixPage).contains("data-prod-id=\"" + prodId + "\"");
        assertThat(prefixPage.split("data-prod-id=").length - 1).as("rows of %s", prefix)
                .isEqualTo(titlesMatching(prefix, 100));
        assertThat(get("/ds3/browse?type=category&value=Sci-Fi&batch=3").statusCode()).isEqualTo(200);
        assertThat(get("/ds3/browse?type=director&value=x&batch=3").statusCode()).isEqualTo(400);
        assertThat(get("/ds3/browse?type=title&value=x&batch=0").statusCode()).isEqualTo(400);
    }

    @Test
    void categoryBrowseListsTheCategorysSpecials() throws Exception {
        long special = 19;
        int category = CATALOG.categoryOf(special);
        update("UPDATE products SET special = 1 WHERE prod_id = " + special);
        long nonSpecial = query("SELECT min(prod_id) FROM products WHERE category = " + category + " AND special = 0");
        String page = get("/ds3/browse?type=category&value=" + category + "&batch=100").body();
        // DS3 lists only the titles on special, none other.
        assertThat(count(page, "data-prod-id=")).isEqualTo(query(
                "SELECT count(*) FROM products WHERE category = " + category + " AND special = 1"));
        assertThat(page).contains("data-prod-id=\"" + special + "\"").doesNotContain("data-prod-id=\"" + nonSpecial + "\"");
        assertThat(count(page, "<td>no</td>")).isZero();
    }

    @Test
    void restockRefillsWhatPurchasesDrain() throws Exception {
        int product = 57;
        update("UPDATE inventory SET quan_in_stock = 10 WHERE prod_id = " + product);
        long reordersBefore = query("SELECT count(*) FROM reorder WHERE prod_id = " + product);
        // 10 -> 7 -> 4 -> 1 (under 3: refilled to 250) -> 247 ... no purchase is ever refused.
        for (int i = 0; i < 6; i++) {
            String page = post("/ds3/purchase", Map.of("customerid", "9", "items", product + ":3")).body();
            assertThat(page).doesNotContain("id=\"rollback\"");
            assertThat(marker(page, "orderid")).isPositive();
        }
        assertThat(stock(product)).isEqualTo(250 - 3 * 3);
        assertThat(query("SELECT count(*) FROM reorder WHERE prod_id = " + product)).isEqualTo(reordersBefore + 1);
        assertThat(query("SELECT max(quan_low) FROM reorder WHERE prod_id = " + product)).isEqualTo(249);
    }

    @Test
    void reviewsCanBeBrowsedReadWrittenAndRated() throws Exception {
        long prodId = 23;
        String byActor = get("/ds3/browsereviews?type=actor&value=" + encode(CATALOG.actorOf(prodId))
                + "&batch=5&sort=date").body();
        assertThat(count(byActor, "data-review-id=")).isBetween(1, 5);
        String byTitle = get("/ds3/browsereviews?type=title&value=" + encode(CATALOG.titleOf(prodId)) + "&batch=7").body();
        assertThat(count(byTitle, "data-review-id=")).isEqualTo(7);
        // Without a sort, DS3's review search: one surname, most helpful reviews first.
        String surname = CATALOG.actorOf(prodId).split(" ")[1];
        String mostHelpful = get("/ds3/browsereviews?type=actor&value=" + encode(surname) + "&batch=20").body();
        List<Long> helpfulness = Pattern.compile("<td>(\\d+)</td></tr>").matcher(mostHelpful).results()
                .map(m -> Long.parseLong(m.group(1))).toList();
        assertThat(helpfulness).hasSize(20).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(count(get("/ds3/getreviews?prod_id=" + prodId + "&batch=4").body(), "data-review-id=")).isEqualTo(4);
        // DS3's three reads of a product's reviews: most helpful, at one star level, newest first.
        assertThat(count(get("/ds3/getreviews?prod_id=" + prodId + "&type=noorder&batch=3").body(), "data-review-id=")).isEqualTo(3);
        assertThat(count(get("/ds3/getreviews?prod_id=" + prodId + "&type=star&stars=4&batch=100").body(), "data-review-id="))
                .isEqualTo(query("SELECT count(*) FROM reviews WHERE prod_id = " + prodId + " AND stars = 4"));
        assertThat(get("/ds3/getreviews?prod_id=" + prodId + "&type=date&batch=1").body()).contains("data-review-id=\""
                + query("SELECT review_id FROM reviews WHERE prod_id = " + prodId + " ORDER BY review_date DESC, review_id LIMIT 1") + "\"");
        assertThat(get("/ds3/getreviews?prod_id=" + prodId + "&type=star&batch=3").statusCode()).isEqualTo(400);
        assertThat(get("/ds3/getreviews?prod_id=" + prodId + "&type=best&batch=3").statusCode()).isEqualTo(400);

        long reviewId = marker(post("/ds3/newreview", Map.of("prod_id", Long.toString(prodId), "customerid", "3",
                "stars", "5", "summary", "loved it", "text", "a fine film with a fine cast")).body(), "reviewid");
        assertThat(reviewId).isPositive();
        assertThat(get("/ds3/getreviews?prod_id=" + prodId + "&batch=100").body()).contains("data-review-id=\"" + reviewId + "\"");
        long helpfulnessId = marker(post("/ds3/newhelpfulness", Map.of("review_id", Long.toString(reviewId),
                "customerid", "4", "helpfulness", "9")).body(), "helpfulnessid");
        assertThat(helpfulnessId).isPositive();
        assertThat(post("/ds3/newreview", Map.of("prod_id", "1", "customerid", "3", "stars", "6", "summary", "x",
                "text", "y")).statusCode()).isEqualTo(400);
    }

    @Test
    void purchaseCommitsOrderLinesHistoryAndStock() throws Exception {
        int before = stock(31);
        HttpResponse<String> page = post("/ds3/purchase", Map.of("customerid", "7", "items", "31:2,32:1,31:1"));
        long orderId = marker(page.body(), "orderid");
        assertThat(orderId).isPositive();
        assertThat(stock(31)).isEqualTo(before - 3);
        assertThat(query("SELECT count(*) FROM orderlines WHERE orderid = " + orderId)).isEqualTo(2);
        assertThat(query("SELECT count(*) FROM cust_hist WHERE orderid = " + orderId + " AND customerid = 7")).isEqualTo(2);
        assertThat(query("SELECT (totalamount * 100)::bigint - (netamount * 100)::bigint FROM orders WHERE orderid = " + orderId))
                .isEqualTo(query("SELECT round(netamount * 0.0825, 2) * 100 FROM orders WHERE orderid = " + orderId));
    }

    @Test
    void purchaseRollsBackWhenStockIsShort() throws Exception {
        int plentyBefore = stock(41);
        int shortBefore = stock(42);
        long ordersBefore = query("SELECT count(*) FROM orders");
        HttpResponse<String> page = post("/ds3/purchase",
                Map.of("customerid", "8", "items", "41:1,42:" + (shortBefore + 1)));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(marker(page.body(), "orderid")).isZero();
        assertThat(page.body()).contains("<span id=\"rollback\">insufficient stock for product 42</span>");
        assertThat(stock(41)).isEqualTo(plentyBefore);
        assertThat(stock(42)).isEqualTo(shortBefore);
        assertThat(query("SELECT count(*) FROM orders")).isEqualTo(ordersBefore);
        assertThat(post("/ds3/purchase", Map.of("customerid", "8", "items", "41-1")).statusCode()).isEqualTo(400);
        assertThat(post("/ds3/purchase", Map.of("customerid", "8", "items", "999999:1")).statusCode()).isEqualTo(400);
    }

    @Test
    void poolRecoversWhenTheDatabaseDropsItsConnections() throws Exception {
        assertThat(get("/ds3/health").statusCode()).isEqualTo(200);
        // What a database restart does to the pool: every server-side session disappears.
        query("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                + " WHERE usename = 'ds3' AND pid <> pg_backend_pid()");
        int firstSuccess = -1;
        for (int attempt = 0; attempt < 20 && firstSuccess < 0; attempt++) {
            int status = get("/ds3/health").statusCode();
            assertThat(status).isIn(200, 503);
            if (status == 200) {
                firstSuccess = attempt;
            }
        }
        assertThat(firstSuccess).isBetween(0, 19);
        for (int i = 0; i < 10; i++) {
            assertThat(get("/ds3/browse?type=category&value=" + (i % 16 + 1) + "&batch=3").statusCode()).isEqualTo(200);
        }
    }

    private static long customerWithOrders() throws SQLException {
        return query("SELECT min(customerid) FROM cust_hist");
    }

    private static int stock(int prodId) throws SQLException {
        return (int) query("SELECT quan_in_stock FROM inventory WHERE prod_id = " + prodId);
    }

    /** Catalog titles that start with the value or have it as a word, at most {@code limit}. */
    private static long titlesMatching(String value, int limit) {
        return LongStream.rangeClosed(1, CATALOG.size().products()).mapToObj(CATALOG::titleOf)
                .filter(t -> t.startsWith(value) || List.of(t.split(" ")).contains(value)).limit(limit).count();
    }

    private static void update(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(dbUrl, "ds3", PASSWORD); Statement s = c.createStatement()) {
            s.executeUpdate(sql);
        }
    }

    private static long query(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(dbUrl, "ds3", PASSWORD);
             Statement s = c.createStatement(); ResultSet rows = s.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static long marker(String html, String id) {
        Matcher matcher = Pattern.compile("<span id=\"" + id + "\">(\\d+)</span>").matcher(html);
        assertThat(matcher.find()).as("marker %s in %s", id, html).isTrue();
        return Long.parseLong(matcher.group(1));
    }

    private static int count(String html, String needle) {
        return html.split(Pattern.quote(needle), -1).length - 1;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + web.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, Map<String, String> form) throws Exception {
        String body = form.entrySet().stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + web.port() + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
