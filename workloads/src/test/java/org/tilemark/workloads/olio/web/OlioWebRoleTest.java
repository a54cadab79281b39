package org.tilemark.workloads.olio.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.olio.cache.Memcached;
import org.tilemark.workloads.olio.db.OlioDbRole;
import org.tilemark.workloads.olio.media.OlioMedia;

/** Olio end to end: the olio-db guest (100 users, 25 tags, 75 events) behind the olio-web guest, driven over HTTP. */
class OlioWebRoleTest {

    private static final String PASSWORD = "web-0lio-Secret";
    private static final Pattern EVENT_LINK = Pattern.compile("<a class=\"event\" href=\"/events/(\\d+)\">");
    private static final Pattern PERSON_LINK = Pattern.compile("<a class=\"person\" href=\"/people/(\\d+)\">");
    private static final Pattern TAG_LINK = Pattern.compile("<a class=\"tag\" href=\"/tags\\?tag=([^\"]+)\">");
    private static final Pattern ASSET = Pattern.compile("(?:src|href)=\"(/(?:static|files)/[^\"]+)\"");

    @TempDir
    static Path root;
    private static RunningGuest database;
    private static RunningGuest web;
    private static String dbUrl;

    @BeforeAll
    static void startBothTiers() throws Exception {
        Map<String, String> secrets = Map.of(OlioDbRole.PASSWORD_ENV, PASSWORD);
        GuestContext dbContext = new GuestContext(root.resolve("db"), Map.of("olio.loadedUsers", "100", "olio.seed", "5"), secrets);
        OlioDbRole dbRole = new OlioDbRole();
        dbRole.buildTemplate(dbContext);
        database = dbRole.start(dbContext);
        dbUrl = "jdbc:postgresql://127.0.0.1:" + database.port() + "/olio";
        GuestContext webContext = new GuestContext(root.resolve("web"), Map.of("olio.db.url", dbUrl, "olio.db.pool", "4", "olio.loadedUsers", "100"), secrets);
        new OlioWebRole().buildTemplate(webContext);
        web = new OlioWebRole().start(webContext);
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
    void theWebVmSaysWhichCacheItRunsAndTheHomePageComesThroughIt() throws Exception {
        boolean standIn = Memcached.unavailable().isPresent();
        assertThat(web.server()).hasValueSatisfying(server -> assertThat(server.standIn()).isEqualTo(standIn));
        HttpResponse<String> first = get(browser(), "/");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(get(browser(), "/").body()).isEqualTo(first.body());
    }

    @Test
    void healthAnswersOk() throws Exception {
        HttpResponse<String> response = get(browser(), "/health");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ok");
    }

    @Test
    void homePageListsUpcomingEventsTagsAndAssetsThatAllLoad() throws Exception {
        HttpClient browser = browser();
        HttpResponse<String> home = get(browser, "/");
        assertThat(home.statusCode()).isEqualTo(200);
        assertThat(home.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(all(EVENT_LINK, home.body())).hasSize(10);
        assertThat(all(TAG_LINK, home.body())).hasSize(25).contains("tag1");
        assertThat(home.body()).contains("<link rel=\"stylesheet\" href=\"/static/olio.css\">", "<script src=\"/static/olio.js\">")
                .doesNotContain("id=\"user\"");
        List<String> assets = all(ASSET, home.body());
        assertThat(assets.stream().filter(a -> a.startsWith("/static/img/")).distinct()).hasSizeGreaterThanOrEqualTo(8);
        assertThat(assets.stream().filter(a -> a.startsWith("/files/"))).hasSize(10);
        for (String asset : new LinkedHashSet<>(assets)) {
            HttpResponse<byte[]> response = getBytes(browser, asset);
            assertThat(response.statusCode()).as(asset).isEqualTo(200);
            assertThat(response.body().length).as(asset).isGreaterThan(100);
            String type = response.headers().firstValue("Content-Type").orElse("");
            String expected = asset.endsWith(".css") ? "text/css" : asset.endsWith(".js") ? "javascript"
                    : asset.endsWith(".png") ? "image/png" : "image/jpeg";
            assertThat(type).as(asset).contains(expected);
        }
        // Every listed event is upcoming, in time order.
        try (Connection c = db(); Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("SELECT socialeventid FROM socialevent WHERE eventtimestamp >= localtimestamp"
                     + " ORDER BY eventtimestamp, socialeventid LIMIT 10")) {
            List<String> expected = new ArrayList<>();
            while (rows.next()) {
                expected.add(rows.getString(1));
            }
            assertThat(all(EVENT_LINK, home.body())).isEqualTo(expected);
        }
    }

    @Test
    void loginKeepsASessionUntilLogout() throws Exception {
        HttpClient browser = browser();
        HttpResponse<String> failed = post(browser, "/login", "username=user5&password=wrong");
        assertThat(failed.statusCode()).isEqualTo(200);
        assertThat(failed.body()).contains("class=\"login-failed\"");

        HttpResponse<String> login = post(browser, "/login", "username=user5&password=pass5");
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(URI.create(l).getPath()).isEqualTo("/"));
        assertThat(get(browser, "/").body()).contains("<span id=\"user\">user5</span>");
        assertThat(get(browser, "/events/1").body()).contains("<span id=\"user\">user5</span>");
        assertThat(get(browser(), "/").body()).doesNotContain("id=\"user\"");

        HttpResponse<String> logout = get(browser, "/logout");
        assertThat(logout.statusCode()).isEqualTo(302);
        assertThat(get(browser, "/").body()).doesNotContain("id=\"user\"");
    }

    @Test
    void tagSearchPagesThroughTheTaggedEvents() throws Exception {
        long tagged = query("SELECT count(*) FROM socialeventtag_socialevent x JOIN socialeventtag t"
                + " ON t.socialeventtagid = x.socialeventtagid WHERE t.tag = 'tag1'");
        assertThat(tagged).isGreaterThan(10);
        Set<String> seen = new LinkedHashSet<>();
        for (int page = 1; page <= (tagged + 9) / 10; page++) {
            HttpResponse<String> response = get(browser(), "/tags?tag=tag1&page=" + page);
            assertThat(response.statusCode()).isEqualTo(200);
            List<String> events = all(EVENT_LINK, response.body());
            assertThat(events.size()).isEqualTo((int) Math.min(10, tagged - (page - 1) * 10L));
            seen.addAll(events);
        }
        assertThat(seen).hasSize((int) tagged);
        assertThat(all(EVENT_LINK, get(browser(), "/tags?tag=no-such-tag").body())).isEmpty();
        assertThat(get(browser(), "/tags").statusCode()).isEqualTo(400);
        assertThat(get(browser(), "/tags?tag=tag1&page=zero").statusCode()).isEqualTo(400);
    }

    @Test
    void eventDetailShowsImageMapAttendeesCommentsAndLiterature() throws Exception {
        HttpClient browser = browser();
        HttpResponse<String> page = get(browser, "/events/3");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(all(PERSON_LINK, page.body())).hasSize((int) query("SELECT count(*) FROM person_socialevent WHERE socialeventid = 3"));
        assertThat(count("class=\"comment\"", page.body())).isEqualTo(query("SELECT count(*) FROM comments_rating WHERE socialeventid = 3"));
        assertThat(page.body()).contains("src=\"/static/img/map.png\"", "<img id=\"event-image\" src=\"/files/events/3/image.jpg\"");
        // Every seeded event has its own files on disk, at the seeded filestore's sizes.
        HttpResponse<byte[]> image = getBytes(browser, "/files/events/3/image.jpg");
        assertThat(image.statusCode()).isEqualTo(200);
        assertThat(image.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(image.body()).isEqualTo(Files.readAllBytes(root.resolve("web/filestore/events/3/image.jpg")))
                .hasSize(OlioMedia.EVENT_IMAGE.seededBytes());
        assertThat(getBytes(browser, "/files/events/35/thumb.jpg").body()).hasSize(OlioMedia.EVENT_THUMBNAIL.seededBytes());
        assertThat(getBytes(browser, "/files/people/2/image.jpg").statusCode()).isEqualTo(200);
        assertThat(getBytes(browser, "/files/events/3/other.jpg").statusCode()).isEqualTo(404);
        HttpResponse<byte[]> literature = getBytes(browser, first(Pattern.compile("id=\"literature\" href=\"([^\"]+)\""), page.body()));
        assertThat(literature.statusCode()).isEqualTo(200);
        assertThat(literature.headers().firstValue("Content-Type")).hasValue("application/pdf");
        assertThat(new String(literature.body(), 0, 5)).isEqualTo("%PDF-");
        assertThat(literature.body()).hasSize(OlioMedia.EVENT_LITERATURE.seededBytes());
        assertThat(get(browser, "/events/99999").statusCode()).isEqualTo(404);
        assertThat(get(browser, "/events/abc").statusCode()).isEqualTo(400);
        assertThat(get(browser, "/files/../pgdata/PG_VERSION").statusCode()).isIn(400, 404);
    }

    @Test
    void personDetailShowsFriendsAndEvents() throws Exception {
        HttpResponse<String> page = get(browser(), "/people/4");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("(user4)", "id=\"person-image\"");
        long friends = query("SELECT count(*) FROM person_person WHERE person_userid = 4");
        assertThat(friends).isBetween(2L, 28L);
        assertThat(all(PERSON_LINK, page.body())).hasSize((int) friends);
        assertThat(all(EVENT_LINK, page.body())).hasSize((int) Math.min(20, query("SELECT count(*) FROM person_socialevent WHERE userid = 4")));
        assertThat(get(browser(), "/people/100000").statusCode()).isEqualTo(404);
    }

    @Test
    void attendAddsTheLoggedInUserOnly() throws Exception {
        int eventId = (int) query("SELECT min(socialeventid) FROM socialevent e WHERE NOT EXISTS"
                + " (SELECT 1 FROM person_socialevent a WHERE a.socialeventid = e.socialeventid AND a.userid = 7)");
        HttpResponse<String> anonymous = post(browser(), "/events/" + eventId + "/attend", "");
        assertThat(anonymous.statusCode()).isEqualTo(302);
        assertThat(query("SELECT count(*) FROM person_socialevent WHERE userid = 7 AND socialeventid = " + eventId)).isZero();

        HttpClient browser = browser();
        assertThat(post(browser, "/login", "username=user7&password=pass7").statusCode()).isEqualTo(302);
        assertThat(get(browser, "/events/" + eventId).body()).contains("id=\"attend-form\"");
        HttpResponse<String> attend = post(browser, "/events/" + eventId + "/attend", "");
        assertThat(attend.statusCode()).isEqualTo(302);
        assertThat(attend.headers().firstValue("Location").orElseThrow()).endsWith("/events/" + eventId);
        assertThat(query("SELECT count(*) FROM person_socialevent WHERE userid = 7 AND socialeventid = " + eventId)).isEqualTo(1);
        assertThat(get(browser, "/events/" + eventId).body()).contains("href=\"/people/7\"");
    }

    @Test
    void addPersonStoresTheUploadedImageOnTheDiskAndServesItBack() throws Exception {
        byte[] png = png(320, 240);
        HttpClient browser = browser();
        HttpResponse<String> created = send(browser, new Multipart().fields(personFields("newcomer"))
                .file("image", "me.png", "image/png", png).post(request("/people")));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(302);
        String location = URI.create(created.headers().firstValue("Location").orElseThrow()).getPath();
        assertThat(location).matches("/people/\\d+");
        String page = get(browser, location).body();
        String imageUrl = first(Pattern.compile("id=\"person-image\" src=\"([^\"]+)\""), page);
        assertThat(imageUrl).endsWith("/image.png");
        HttpResponse<byte[]> served = getBytes(browser, imageUrl);
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.headers().firstValue("Content-Type")).hasValue("image/png");
        assertThat(served.body()).isEqualTo(png);
        Path stored = root.resolve("web/filestore").resolve(imageUrl.substring("/files/".length()));
        assertThat(Files.readAllBytes(stored)).isEqualTo(png);
        BufferedImage thumbnail = ImageIO.read(stored.resolveSibling("thumb.jpg").toFile());
        assertThat(thumbnail.getWidth()).isEqualTo(Images.THUMBNAIL_WIDTH);
        assertThat(thumbnail.getHeight()).isEqualTo(Images.THUMBNAIL_HEIGHT);
        assertThat(post(browser, "/login", "username=newcomer&password=secret1").statusCode()).isEqualTo(302);

        HttpResponse<String> duplicate = send(browser, new Multipart().fields(personFields("newcomer"))
                .file("image", "me.png", "image/png", png).post(request("/people")));
        assertThat(duplicate.statusCode()).isEqualTo(200);
        assertThat(duplicate.body()).contains("class=\"error\"");
        HttpResponse<String> notAnImage = send(browser, new Multipart().fields(personFields("other"))
                .file("image", "me.png", "image/png", "plain text".getBytes()).post(request("/people")));
        assertThat(notAnImage.statusCode()).isEqualTo(400);
        assertThat(notAnImage.body()).doesNotContain("\n\n").endsWith("\n");
        assertThat(query("SELECT count(*) FROM person WHERE username = 'other'")).isZero();
    }

    @Test
    void addEventStoresImageAndLiteratureAndTheEventPageServesThemBack() throws Exception {
        byte[] jpeg = jpeg(800, 600);
        byte[] pdf = OlioMedia.pdf(600, 1);
        HttpResponse<String> anonymous = send(browser(), new Multipart().fields(eventFields("2030"))
                .file("image", "e.jpg", "image/jpeg", jpeg).post(request("/events")));
        assertThat(anonymous.statusCode()).isEqualTo(302);
        assertThat(anonymous.headers().firstValue("Location").map(l -> URI.create(l).getPath())).hasValue("/");
        assertThat(query("SELECT count(*) FROM socialevent WHERE title = 'Uploaded picnic'")).isZero();

        HttpClient browser = browser();
        assertThat(post(browser, "/login", "username=user9&password=pass9").statusCode()).isEqualTo(302);
        HttpResponse<String> created = send(browser, new Multipart().fields(eventFields("2030"))
                .file("image", "e.jpg", "image/jpeg", jpeg).file("literature", "flyer.pdf", "application/pdf", pdf)
                .post(request("/events")));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(302);
        String location = URI.create(created.headers().firstValue("Location").orElseThrow()).getPath();
        String eventId = location.substring("/events/".length());
        String page = get(browser, location).body();
        assertThat(page).contains("<img id=\"event-image\" src=\"/files/events/" + eventId + "/image.jpg\"", "Uploaded picnic");
        HttpResponse<byte[]> image = getBytes(browser, "/files/events/" + eventId + "/image.jpg");
        assertThat(image.statusCode()).isEqualTo(200);
        assertThat(image.headers().firstValue("Content-Type")).hasValue("image/jpeg");
        assertThat(image.body()).isEqualTo(jpeg);
        assertThat(getBytes(browser, first(Pattern.compile("id=\"literature\" href=\"([^\"]+)\""), page)).body()).isEqualTo(pdf);
        Path folder = root.resolve("web/filestore/events").resolve(eventId);
        assertThat(Files.readAllBytes(folder.resolve("image.jpg"))).isEqualTo(jpeg);
        assertThat(Files.readAllBytes(folder.resolve("literature.pdf"))).isEqualTo(pdf);
        assertThat(ImageIO.read(folder.resolve("thumb.jpg").toFile()).getWidth()).isEqualTo(Images.THUMBNAIL_WIDTH);
        assertThat(all(EVENT_LINK, get(browser, "/tags?tag=uploadtest").body())).containsExactly(eventId);
        assertThat(query("SELECT count(*) FROM socialevent WHERE socialeventid = " + eventId
                + " AND submitterusername = 'user9' AND eventtimestamp = TIMESTAMP '2030-06-15 19:30'")).isEqualTo(1);

        assertThat(send(browser, new Multipart().fields(withField(eventFields("2030"), "month", "13"))
                .post(request("/events"))).statusCode()).isEqualTo(400);
        assertThat(send(browser, new Multipart().fields(eventFields("2031"))
                .file("literature", "x.pdf", "application/pdf", jpeg).post(request("/events"))).statusCode()).isEqualTo(400);
    }

    private static Map<String, String> personFields(String username) {
        return Map.ofEntries(Map.entry("username", username), Map.entry("password", "secret1"),
                Map.entry("firstname", "New"), Map.entry("lastname", "Comer"), Map.entry("email", username + "@example.org"),
                Map.entry("telephone", "555-0100"), Map.entry("summary", "Likes events"), Map.entry("timezone", "Europe/Berlin"),
                Map.entry("street1", "1 Main St"), Map.entry("street2", ""), Map.entry("city", "Springfield"),
                Map.entry("state", "CA"), Map.entry("zip", "94000"), Map.entry("country", "USA"));
    }

    private static Map<String, String> eventFields(String year) {
        return Map.ofEntries(Map.entry("title", "Uploaded picnic"), Map.entry("summary", "Bring food"),
                Map.entry("description", "A picnic with an uploaded image"), Map.entry("telephone", "555-0101"),
                Map.entry("timezone", "America/Los_Angeles"), Map.entry("year", year), Map.entry("month", "6"),
                Map.entry("day", "15"), Map.entry("hour", "19"), Map.entry("minute", "30"), Map.entry("street1", "2 Park Ave"),
                Map.entry("street2", "Gate 3"), Map.entry("city", "Oakland"), Map.entry("state", "CA"), Map.entry("zip", "94601"),
                Map.entry("country", "USA"), Map.entry("tags", "uploadtest tag1"));
    }

    private static Map<String, String> withField(Map<String, String> fields, String name, String value) {
        Map<String, String> changed = new java.util.HashMap<>(fields);
        changed.put(name, value);
        return changed;
    }

    private static byte[] png(int width, int height) throws Exception {
        return encode(width, height, "png");
    }

    private static byte[] jpeg(int width, int height) throws Exception {
        return encode(width, height, "jpg");
    }

    private static byte[] encode(int width, int height, String format) throws Exception {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.ORANGE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLUE);
        g.fillOval(width / 4, height / 4, width / 2, height / 2);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, format, out);
        assertThat(ImageIO.read(new ByteArrayInputStream(out.toByteArray()))).isNotNull();
        return out.toByteArray();
    }

    private static HttpClient browser() {
        return HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
    }

    private static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + web.port() + path));
    }

    private static HttpResponse<String> get(HttpClient browser, String path) throws Exception {
        return browser.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<byte[]> getBytes(HttpClient browser, String path) throws Exception {
        return browser.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static HttpResponse<String> post(HttpClient browser, String path, String form) throws Exception {
        return browser.send(request(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> send(HttpClient browser, HttpRequest.Builder request) throws Exception {
        return browser.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> all(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    private static String first(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        assertThat(matcher.find()).as(pattern.pattern()).isTrue();
        return matcher.group(1);
    }

    private static long count(String marker, String text) {
        return (text.length() - text.replace(marker, "").length()) / marker.length();
    }

    private static Connection db() throws Exception {
        return DriverManager.getConnection(dbUrl, "olio", PASSWORD);
    }

    private static long query(String sql) throws Exception {
        try (Connection c = db(); Statement s = c.createStatement(); ResultSet rows = s.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
