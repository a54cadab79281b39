package org.tilemark.harness.cli;

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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.serve.LiveServer;

/**
 * A search started through {@code tilemark serve}'s API and watched there, in process: a real search (standby-only
 * tiles on the local platform, 1 then at most 2 tiles, 4 s steps), in one run (the default) and as a series. Bad
 * search input is 400 naming the key; the live state, read by HTTP as the page reads it, holds every step as
 * {@code steps.jsonl} holds it and the headline as {@code search.json} says it; its live run is the one run, whose
 * intervals it was told (the search's bundle), or the last step's run of a series. (Standby-only tiles score 0, as a
 * tile with no scored workload does: 2 tiles do not improve on 1, so the maximum is 1.)
 */
class ServedSearchTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String STANDBY_STEPS = """
            run: {phases: 1, phaseDuration: 4s, warmup: 2s, interval: 2s}
            workloads: {dvdstore: {enabled: false}, mail: {enabled: false}, olio: {enabled: false}}
            infra: {enabled: false}
            search: {startTiles: 1, repeatWinner: false}
            """;

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "series: {0}")
    @ValueSource(booleans = {false, true})
    void aSearchStartedThroughTheApiShowsEveryStepAsWrittenAndItsHeadline(boolean series) throws Exception {
        Path results = tmp.resolve("results");
        ConfigOptions options = ServedRunsTest.servedOptions(tmp);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        JsonNode live;
        try (LiveServer server = LiveServer.start(options.load(), Map.of(), out)) {
            ServedRuns runs = new ServedRuns(options, server, out, out, Map.of());
            server.launcher(runs);
            String base = "http://127.0.0.1:" + server.port();
            String token = Files.readString(tmp.resolve("state/secrets/serve-token")).trim();
            try {
                HttpResponse<String> bad = start(base, token, Map.of("search.maxTiles", "0"), series);
                assertThat(bad.statusCode()).isEqualTo(400);
                assertThat(JSON.readTree(bad.body()).get("error").asText()).contains("search.maxTiles");
                assertThat(results).as("nothing created on bad input").doesNotExist();

                assertThat(start(base, token, Map.of("search.maxTiles", "2"), series).statusCode()).isEqualTo(202);
                live = until(base, token);
            } finally {
                runs.stopAndAwait(Duration.ofMinutes(3));
            }
        }
        Path directory;
        try (Stream<Path> searches = Files.list(results)) {
            directory = searches.filter(d -> d.getFileName().toString().startsWith("search-")).findFirst().orElseThrow();
        }
        String printed = console.toString(StandardCharsets.UTF_8);
        JsonNode search = live.get("search");
        assertThat(search.get("searchId").asText()).isEqualTo(directory.getFileName().toString());
        assertThat(search.get("maxTiles").asInt()).isEqualTo(2);
        assertThat(search.get("headline").asText()).as(printed)
                .isEqualTo(JSON.readTree(directory.resolve("search.json").toFile()).get("headline").asText());
        assertThat(live.get("status").asText()).isEqualTo("finished");
        if (series) {
            // each step a run of its own
            List<JsonNode> written = Files.readAllLines(directory.resolve("steps.jsonl")).stream().map(ServedSearchTest::parse).toList();
            assertThat(written).isNotEmpty();
            assertThat(search.get("steps")).containsExactlyElementsOf(written);
            JsonNode last = written.getLast();
            assertThat(live.get("bundle").asText()).as("the live run is the last step's")
                    .isEqualTo(Path.of(last.get("bundle").asText()).getFileName().toString());
            assertThat(live.get("verdict").asText()).isEqualTo(last.get("verdict").asText());
        } else {
            assertThat(live.get("bundle").asText()).as("the live run is the search's one run").isEqualTo(search.get("searchId").asText());
            assertThat(live.get("intervals").asLong()).as("the one run's intervals, told as they were cut").isGreaterThanOrEqualTo(2);
            assertThat(live.get("interval").get("workloads")).extracting(w -> w.get("workload").asText()).contains("standby");
            // a standby-only tile scores 0 (nothing scored) while its QoS counts: 1 tile passes, 2 do not improve on it
            assertThat(search.get("headline").asText()).as(printed).startsWith("max 1 tile, 0.00 @ 1 tile");
            assertThat(search.get("steps")).isNotEmpty().allSatisfy(step -> assertThat(step.get("score").asDouble()).isZero());
        }
    }

    private static HttpResponse<String> start(String base, String token, Map<String, String> settings, boolean series)
            throws Exception {
        String body = JSON.writeValueAsString(Map.of("config", STANDBY_STEPS, "settings", settings, "search", true, "series", series));
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/run")).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The live state once the search has its headline, reading every 200 ms. */
    private static JsonNode until(String base, String token) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/live"))
                    .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString()).body());
            if (!last.path("search").path("headline").isMissingNode() && last.path("search").path("headline").isTextual()) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the search never ended; last: " + last);
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (Exception e) {
            throw new AssertionError(line, e);
        }
    }
}
