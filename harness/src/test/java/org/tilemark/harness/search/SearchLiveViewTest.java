package org.tilemark.harness.search;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.serve.LiveServer;

/**
 * {@code search --serve}'s live view, in process: a real search (standby-only tiles on the local platform, 1 then
 * 2 tiles, short steps) told to the web app; its live state, read by HTTP as the page reads it, holds the steps
 * as {@code steps.jsonl} holds them and the search's headline as {@code search.json} says it, and each step's run
 * was the live run.
 */
class SearchLiveViewTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void theLiveStateHoldsEveryStepAsWrittenAndTheHeadline() throws Exception {
        Map<String, String> settings = new LinkedHashMap<>(Map.of("run.results", tmp.resolve("results").toString(),
                "run.stateDir", tmp.resolve("state").toString(), "serve.port", "0",
                "cluster.local.workDir", tmp.resolve("work").toString(),
                "cluster.local.datastores.app", tmp.resolve("work/app").toString(),
                "cluster.local.datastores.maintenance", tmp.resolve("work/maintenance").toString(),
                "infra.enabled", "false", "workloads.dvdstore.enabled", "false", "workloads.mail.enabled", "false",
                "workloads.olio.enabled", "false"));
        settings.putAll(Map.of("run.phases", "1", "run.phaseDuration", "4s", "run.warmup", "2s", "run.interval", "2s",
                "search.startTiles", "1", "search.maxTiles", "2", "search.repeatWinner", "false"));
        BenchmarkSpec base = ConfigLoader.load(Optional.empty(), settings);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        JsonNode live;
        try (LiveServer server = LiveServer.start(base, Map.of(), out)) {
            SearchRun search = new SearchRun(out, out, Map.of(), (tiles, results) -> {
                Map<String, String> step = new LinkedHashMap<>(settings);
                step.put("run.tiles", Integer.toString(tiles));
                step.put("run.results", results.toString());
                return ConfigLoader.load(Optional.empty(), step);
            }, server.searchListener());
            search.run(base);
            String token = Files.readString(tmp.resolve("state/secrets/serve-token")).trim();
            HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/api/live")).header("Authorization", "Bearer " + token)
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            live = JSON.readTree(answer.body());
        }
        Path directory;
        try (Stream<Path> searches = Files.list(tmp.resolve("results"))) {
            directory = searches.filter(d -> d.getFileName().toString().startsWith("search-")).findFirst().orElseThrow();
        }
        List<JsonNode> written = Files.readAllLines(directory.resolve("steps.jsonl")).stream().map(SearchLiveViewTest::parse).toList();
        JsonNode view = live.get("search");
        assertThat(view.get("searchId").asText()).isEqualTo(directory.getFileName().toString());
        assertThat(view.get("maxTiles").asInt()).isEqualTo(2);
        assertThat(written).as(console.toString(StandardCharsets.UTF_8)).isNotEmpty();
        assertThat(view.get("steps")).containsExactlyElementsOf(written);
        assertThat(view.get("headline").asText()).isEqualTo(JSON.readTree(directory.resolve("search.json").toFile()).get("headline").asText());
        JsonNode last = written.getLast();
        assertThat(live.get("bundle").asText()).as("the live run is the last step's").isEqualTo(Path.of(last.get("bundle").asText()).getFileName().toString());
        assertThat(live.get("verdict").asText()).isEqualTo(last.get("verdict").asText());
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (Exception e) {
            throw new AssertionError(line, e);
        }
    }
}
