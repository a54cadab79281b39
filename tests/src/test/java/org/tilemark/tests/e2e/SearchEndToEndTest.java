package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.search.SearchRun;
import org.tilemark.harness.verify.BundleVerifier;
import org.tilemark.workloads.dvdstore.DvdStoreSpec;

/**
 * A two-step search on the local platform: 1 tile, then 2 (search.maxTiles), each a real run with
 * its own bundle; between the steps only tile 2 is deployed. DVD Store and the standby server only,
 * one short phase, so the two steps take about as long as one full run. {@code tilemark verify} passes the
 * search's directory.
 */
class SearchEndToEndTest {

    @Test
    void aSearchStepsUpDeployingOnlyTheNewTileAndReportsTheMaximum() throws Exception {
        Map<String, String> settings = new LinkedHashMap<>(E2e.settings("e2e-search"));
        settings.put("workloads.mail.enabled", "false");
        settings.put("workloads.olio.enabled", "false");
        settings.put("run.phases", "1");
        settings.put("workloads.dvdstore.webServers", "1"); // the search's steps are the point: fewer guests per tile
        settings.put("search.startTiles", "1");
        settings.put("search.maxTiles", "2");
        settings.put("search.repeatWinner", "false");
        // The search's steps are the point, not DVD Store's QoS: a CI run's step 1 failed on p95 newCustomer 1.5 s > 1 s
        // beside the other test lanes, and the search then never reached 2 tiles. Loose limits let step 1 pass.
        E2e.loosenQos(settings, "dvdstore", DvdStoreSpec.OPERATIONS);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        SearchRun search = new SearchRun(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of(), (tiles, results) -> {
            Map<String, String> step = new LinkedHashMap<>(settings);
            step.put("run.tiles", Integer.toString(tiles));
            step.put("run.results", results.toString());
            return E2e.spec(step);
        });

        int exit = search.run(E2e.spec(settings));
        String printed = console.toString(StandardCharsets.UTF_8);

        Path directory;
        try (var dirs = Files.list(E2e.TARGET.resolve("e2e-search"))) {
            directory = dirs.filter(d -> d.getFileName().toString().startsWith("search-")).findFirst().orElseThrow();
        }
        JsonNode result = E2e.json(directory.resolve("search.json"));
        List<JsonNode> steps = new java.util.ArrayList<>();
        result.get("steps").forEach(steps::add);
        assertThat(steps).as(printed).extracting(s -> s.get("tiles").asInt()).containsExactly(1, 2);
        assertThat(steps.get(0).get("verdict").asText()).as(printed).isEqualTo("compliant");
        assertThat(exit).as(printed).isZero();
        // Step 2 kept tile 1 running and deployed tile 2 alone (db, 3 web servers, standby).
        assertThat(printed).contains("[provision] 3 VMs of tile(s) [2] on 2 hosts");
        // Tile 1 kept its database from step 1: its drivers must not trip over what step 1 created.
        JsonNode keptTile = E2e.json(directory.resolve(steps.get(1).get("bundle").asText()).resolve("score.json"))
                .get("phases").get(0).get("tiles").get(0).get("workloads").get(0);
        assertThat(keptTile.get("workload").asText()).isEqualTo("dvdstore");
        assertThat(keptTile.get("errors").asLong()).as("tile 1 dvdstore errors in step 2: %s", keptTile.get("reasons"))
                .isLessThanOrEqualTo(keptTile.get("attempts").asLong() / 200);
        int max = result.get("maxTiles").asInt();
        boolean twoPassed = steps.get(1).get("verdict").asText().equals("compliant")
                && steps.get(1).get("score").asDouble() > steps.get(0).get("score").asDouble();
        assertThat(max).as(printed).isEqualTo(twoPassed ? 2 : 1);
        assertThat(printed).containsPattern("max " + max + " tiles?, \\d+\\.\\d\\d @ " + max + " tiles? \\(95 % CI ");
        if (max == 1) {
            assertThat(printed).as("why 2 tiles are past the peak").containsPattern("2 tiles (failed|did not improve)");
        }
        for (String file : List.of("search.json", "scaling.csv", "report.html", "charts/score-vs-tiles.png",
                "charts/score-vs-cpu.png", "steps.jsonl", "search-config.json")) {
            assertThat(directory.resolve(file)).as(file).isNotEmptyFile();
        }
        for (JsonNode step : steps) {
            assertThat(directory.resolve(step.get("bundle").asText()).resolve("score.json")).isNotEmptyFile();
            assertThat(step.get("clusterCpuPercent").asDouble()).isBetween(0.0, 100.5);
        }
        assertThat(Manifest.verify(directory)).isEmpty();
        // The directory verifies whole: each step's run recomputed, search.json's steps matching their score.json.
        BundleVerifier.Outcome verified = BundleVerifier.verify(directory, Optional.empty());
        assertThat(verified.exitCode()).as(verified.line()).isZero();
        assertThat(verified.line()).contains("a series of runs: 2 steps (tiles 1, 2), 2 step run bundle(s) verified");
        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).as("guest processes left").isEmpty();
    }
}
