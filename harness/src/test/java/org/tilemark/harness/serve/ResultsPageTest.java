package org.tilemark.harness.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.report.Reports;

/**
 * The results page's server side over two report test bundles, by real HTTP: each bundle's report and its
 * charts open through the page's session cookie (which starts or changes nothing), {@code compare} of two
 * chosen bundles writes its compare bundle and answers compare's own output, and nothing outside a bundle
 * is ever served.
 */
class ResultsPageTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String A = "20261123-090000-cd34";
    private static final String B = "20261123-100000-nc01";
    /** A's copy: compare refuses B (a damaged interval line) as the command does. */
    private static final String C = "20261123-110000-cd35";
    private static final Pattern IMAGE = Pattern.compile("<img src=\"([^\"]+)\"");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    static Path tmp;

    private static LiveServer server;
    private static String token;
    private static Path results;

    @BeforeAll
    static void start() throws Exception {
        results = tmp.resolve("results");
        LiveServerTest.copy(Path.of("src/test/resources/report/full-tile-bundle"), results.resolve(A));
        LiveServerTest.copy(Path.of("src/test/resources/report/noncompliant-bundle"), results.resolve(B));
        Reports.rebuildAll(results.resolve(A));
        LiveServerTest.copy(results.resolve(A), results.resolve(C));
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.results", results.toString(),
                "run.stateDir", tmp.resolve("state").toString(), "serve.port", "0"));
        server = LiveServer.start(spec, Map.of(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        token = Files.readString(tmp.resolve("state/secrets/serve-token")).trim();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aReportAndItsChartsOpenThroughTheSessionCookieWhichChangesNothing() throws Exception {
        String report = "/results/" + A + "/report.html";
        assertThat(send(get(report).build()).statusCode()).as("no token, no cookie").isEqualTo(401);
        String cookie = session();
        HttpResponse<String> page = send(get(report).header("Cookie", cookie).build());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        Matcher images = IMAGE.matcher(page.body());
        assertThat(images.find()).as("the report has charts").isTrue();
        HttpResponse<byte[]> chart = HTTP.send(get("/results/" + A + "/" + images.group(1)).header("Cookie", cookie).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(chart.statusCode()).isEqualTo(200);
        assertThat(chart.headers().firstValue("Content-Type")).contains("image/png");
        assertThat(send(get("/api/live").header("Cookie", cookie).build()).statusCode()).as("reading takes the cookie").isEqualTo(200);

        for (String path : List.of("/api/compare", "/api/run", "/api/run/stop", "/api/session")) {
            HttpResponse<String> refused = send(request(path).header("Cookie", cookie).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"a\":\"" + A + "\",\"b\":\"" + B + "\"}")).build());
            assertThat(refused.statusCode()).as("the cookie changes nothing: " + path).isEqualTo(401);
        }
        assertThat(send(get(report).header("Cookie", "tilemark-session=" + token).build()).statusCode())
                .as("the token is not the cookie's value").isEqualTo(401);
    }

    @Test
    void twoChosenBundlesAreComparedAsTheCommandComparesThem() throws Exception {
        HttpResponse<String> compared = send(post("/api/compare", "{\"a\":\"" + A + "\",\"b\":\"" + C + "\"}"));
        assertThat(compared.statusCode()).as(compared.body()).isEqualTo(200);
        JsonNode answer = JSON.readTree(compared.body());
        String id = answer.get("id").asText();
        assertThat(id).startsWith("compare-");
        assertThat(answer.get("output").asText()).contains("unit: phase").contains("compare bundle: " + results.resolve(id));
        assertThat(results.resolve(id).resolve("compare.json")).isNotEmptyFile();
        HttpResponse<String> report = send(get("/" + answer.get("report").asText()).header("Authorization", "Bearer " + token).build());
        assertThat(report.statusCode()).isEqualTo(200);
        assertThat(report.body()).contains("Tilemark compare " + id);
        JsonNode listed = JSON.readTree(send(get("/api/bundles").header("Authorization", "Bearer " + token).build()).body());
        assertThat(listed).extracting(b -> b.get("id").asText()).as("a compare is no run").containsExactly(C, B, A);

        HttpResponse<String> unknown = send(post("/api/compare", "{\"a\":\"" + A + "\",\"b\":\"no-such-run\"}"));
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(unknown.body()).get("error").asText()).startsWith("b: no bundle named 'no-such-run'");
        HttpResponse<String> damaged = send(post("/api/compare", "{\"a\":\"" + A + "\",\"b\":\"" + B + "\"}"));
        assertThat(damaged.statusCode()).as("compare's own check").isEqualTo(400);
        assertThat(JSON.readTree(damaged.body()).get("error").asText()).startsWith("B: ").contains("intervals.jsonl line 16");
        try (Stream<Path> dirs = Files.list(results)) {
            assertThat(dirs.filter(d -> d.getFileName().toString().startsWith("compare-"))).as("a refused compare leaves nothing")
                    .containsExactly(results.resolve(id));
        }
    }

    @Test
    void nothingOutsideABundleIsServed() throws Exception {
        Files.createSymbolicLink(results.resolve(A).resolve("secret-link"), tmp.resolve("state/secrets/serve-token"));
        for (String path : List.of("/results/" + A + "/..%2F..%2Fstate%2Fsecrets%2Fserve-token",
                "/results/" + A + "/../../state/secrets/serve-token", "/results/..%2Fstate/secrets/serve-token",
                "/results/" + A + "/secret-link", "/results/" + A + "/", "/results/" + A + "/charts")) {
            HttpResponse<String> answer = send(get(path).header("Authorization", "Bearer " + token).build());
            assertThat(answer.statusCode()).as(path).isIn(400, 404);
            assertThat(answer.body()).as(path).doesNotContain(token);
        }
    }

    /** The page's first call: its reading cookie, as a Cookie header to send back. */
    private static String session() throws Exception {
        HttpResponse<String> set = send(request("/api/session").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.noBody()).build());
        assertThat(set.statusCode()).isEqualTo(204);
        String header = set.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(header).contains("HttpOnly", "SameSite=Strict").doesNotContain(token);
        return header.substring(0, header.indexOf(';'));
    }

    private static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).timeout(Duration.ofSeconds(60));
    }

    private static HttpRequest.Builder get(String path) {
        return request(path).GET();
    }

    private static HttpRequest post(String path, String body) {
        return request(path).header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
