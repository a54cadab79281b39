package org.tilemark.tests.workload.echo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.report.Manifest;
import org.tilemark.tests.lanes.ChildRunLane;

/**
 * {@code tilemark search --series} on the local platform with the echo workload alone: a series of runs of at most one
 * tile (the tile, then its repeat), each with a bundle of its own under the search's {@code steps/}. {@code tilemark
 * verify} passes the search's directory, verifying each step's run, and fails it once a step's score in search.json
 * is edited and the manifest re-sealed. Asserts no QoS (echo's limits are loosened, as for the other echo searches).
 */
@ChildRunLane
class EchoSeriesSearchEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aSeriesSearchsDirectoryVerifiesWithEachStepsRunAndFailsOnceAStepIsEdited() throws Exception {
        Map<String, String> settings = EchoWorkloadEndToEndTest.looseSearchSettings("e2e-echo-series");
        Path results = Path.of(settings.get("run.results"));
        settings.put("search.quick.phases", "1");
        settings.put("search.quick.phaseDuration", "10s");
        settings.put("search.quick.warmup", "10s");

        EchoWorkloadEndToEndTest.Run search = EchoWorkloadEndToEndTest.harness(
                List.of("search", "--series", "--quick", "--tiles", "1", "--max-tiles", "1"), settings);
        assertThat(search.exit()).as(search.output()).isIn(0, 1);
        Path bundle = EchoSearchConfirmEndToEndTest.bundle(results, true);
        JsonNode searchFile = JSON.readTree(bundle.resolve("search.json").toFile());
        assertThat(searchFile.get("steps")).as(search.output()).isNotEmpty();
        for (JsonNode step : searchFile.get("steps")) {
            assertThat(bundle.resolve(step.get("bundle").asText()).resolve("score.json")).as("step %s's run bundle",
                    step.get("step")).isRegularFile();
        }

        EchoWorkloadEndToEndTest.Run verify = EchoWorkloadEndToEndTest.harness(List.of("verify", bundle.toString()), Map.of());
        assertThat(verify.exit()).as(verify.output()).isZero();
        assertThat(verify.output()).contains("a series of runs: " + searchFile.get("steps").size() + " steps",
                searchFile.get("steps").size() + " step run bundle(s) verified");

        // A step's score edited in search.json and steps.jsonl alike, the manifest re-sealed: its run's score.json says otherwise.
        ObjectNode first = (ObjectNode) searchFile.get("steps").get(0);
        first.put("score", first.get("score").asDouble() + 0.5);
        JSON.writeValue(bundle.resolve("search.json").toFile(), searchFile);
        List<String> stepLines = new ArrayList<>(Files.readAllLines(bundle.resolve("steps.jsonl"), StandardCharsets.UTF_8));
        stepLines.set(0, JSON.writeValueAsString(first));
        Files.write(bundle.resolve("steps.jsonl"), stepLines, StandardCharsets.UTF_8);
        Manifest.write(bundle);
        EchoWorkloadEndToEndTest.Run tampered = EchoWorkloadEndToEndTest.harness(List.of("verify", bundle.toString()), Map.of());
        assertThat(tampered.exit()).as(tampered.output()).isEqualTo(1);
        assertThat(tampered.output()).contains("search.json step 1 score");
    }
}
