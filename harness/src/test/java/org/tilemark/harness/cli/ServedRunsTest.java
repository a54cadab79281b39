package org.tilemark.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.serve.LiveServer;

/**
 * {@code tilemark serve}'s REST API starting and stopping a real run, in process: HTTP as curl sends it to
 * the web app on a free loopback port, a standby-only run on the local platform (one guest process).
 * Without the token every state-changing endpoint and the live state answer 401 and nothing starts; bad
 * input is 400 naming the key and creates nothing; a second start while one goes is 409; the stop is
 * Ctrl-C's, and the bundle is complete with the verdict {@code aborted}.
 */
class ServedRunsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    Path tmp;

    private String base;
    private String token;

    @Test
    void aRunIsStartedAndStoppedThroughTheApiOnlyWithTheTokenAndLeavesAnAbortedCompleteBundle() throws Exception {
        Path results = tmp.resolve("results");
        ConfigOptions options = servedOptions(tmp);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        try (LiveServer server = LiveServer.start(options.load(), Map.of(), out)) {
            ServedRuns runs = new ServedRuns(options, server, out, out, Map.of());
            server.launcher(runs);
            base = "http://127.0.0.1:" + server.port();
            token = Files.readString(tmp.resolve("state/secrets/serve-token")).trim();
            try {
                drive(results);
            } finally {
                runs.stopAndAwait(Duration.ofMinutes(3));
            }
            assertThat(send(authorized(post("/api/run/stop", ""))).statusCode()).as("nothing left to stop").isEqualTo(409);
        }
        Path bundle;
        try (var bundles = Files.list(results)) {
            bundle = bundles.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertThat(JSON.readTree(bundle.resolve("score.json").toFile()).get("verdict").asText()).isEqualTo("aborted");
        for (String file : List.of("run.json", "intervals.jsonl", "report.html", "MANIFEST.sha256")) {
            assertThat(bundle.resolve(file)).as(file).isNotEmptyFile();
        }
        assertThat(Manifest.verify(bundle)).isEmpty();
        assertThat(Files.readString(bundle.resolve("intervals.jsonl"))).as("stopped once measuring").contains("\"stage\":\"measure\"");
        assertThat(guestsUnder(tmp.resolve("work"))).as("guests after the stop").isEmpty();
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("[abort] stop asked through the web app");
    }

    /** Serve's own options: everything it and its runs write is under {@code tmp}; a free loopback port. */
    static ConfigOptions servedOptions(Path tmp) {
        ConfigOptions options = new ConfigOptions();
        options.settings.putAll(Map.of("run.results", tmp.resolve("results").toString(), "run.stateDir", tmp.resolve("state").toString(),
                "serve.port", "0", "cluster.local.workDir", tmp.resolve("work").toString(),
                "cluster.local.datastores.app", tmp.resolve("work/app").toString(),
                "cluster.local.datastores.maintenance", tmp.resolve("work/maintenance").toString()));
        return options;
    }

    private void drive(Path results) throws Exception {
        String run = JSON.writeValueAsString(Map.of("config", SHORT_STANDBY_RUN, "settings", Map.of("run.phases", "3")));
        for (HttpRequest request : List.of(post("/api/run", run).build(), post("/api/run/stop", "").build(),
                get("/api/live").build(), get("/api/live/events").build())) {
            assertThat(send(request).statusCode()).as("without the token: " + request.uri()).isEqualTo(401);
        }
        assertThat(results).as("nothing started without the token").doesNotExist();

        HttpResponse<String> bad = send(authorized(post("/api/run", JSON.writeValueAsString(Map.of("config", SHORT_STANDBY_RUN,
                "settings", Map.of("run.tiles", "0"))))));
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(bad.body()).get("error").asText()).contains("run.tiles").doesNotContain("\n");
        HttpResponse<String> badYaml = send(authorized(post("/api/run", JSON.writeValueAsString(Map.of("config", "run: [1,")))));
        assertThat(badYaml.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(badYaml.body()).get("error").asText()).contains(ServedRuns.SOURCE);
        assertThat(send(authorized(post("/api/run", "[1]"))).statusCode()).isEqualTo(400);
        HttpResponse<String> seriesOfARun = send(authorized(post("/api/run", JSON.writeValueAsString(Map.of("config",
                SHORT_STANDBY_RUN, "series", true)))));
        assertThat(seriesOfARun.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(seriesOfARun.body()).get("error").asText()).contains("series: only a search");
        assertThat(results).as("nothing started on bad input").doesNotExist();

        assertThat(send(authorized(post("/api/run", run))).statusCode()).isEqualTo(202);
        HttpResponse<String> second = send(authorized(post("/api/run", run)));
        assertThat(second.statusCode()).as(second.body()).isEqualTo(409);
        live(l -> l.path("interval").path("phase").asInt() >= 1);
        assertThat(send(authorized(post("/api/run/stop", ""))).statusCode()).isEqualTo(202);
        JsonNode finished = live(l -> l.path("status").asText().equals("finished"));
        assertThat(finished.get("verdict").asText()).isEqualTo("aborted");
    }

    /** Warm-up and one interval before the stop; left alone, the run would measure 30 s more. */
    private static final String SHORT_STANDBY_RUN = """
            run: {tiles: 1, phases: 2, phaseDuration: 10s, warmup: 5s, interval: 5s}
            workloads:
              dvdstore: {enabled: false}
              mail: {enabled: false}
              olio: {enabled: false}
            infra: {enabled: false}
            """;

    /** The live state once {@code until} holds, reading every 200 ms (a run that never gets there fails the test). */
    private JsonNode live(Predicate<JsonNode> until) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = JSON.readTree(send(authorized(get("/api/live"))).body());
            if (until.test(last)) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the live state never got there; last: " + last);
    }

    private static List<ProcessHandle> guestsUnder(Path directory) {
        String tag = directory.toAbsolutePath().normalize().toString();
        List<ProcessHandle> found = new ArrayList<>();
        ProcessHandle.current().descendants().forEach(p -> {
            if (p.info().commandLine().map(c -> c.contains(tag)).orElse(false) && p.isAlive()) {
                found.add(p);
            }
        });
        return found;
    }

    private HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).GET();
    }

    private HttpRequest.Builder post(String path, String body) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private HttpRequest authorized(HttpRequest.Builder request) {
        return request.header("Authorization", "Bearer " + token).build();
    }

    private static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
