package org.tilemark.tests.workload.echo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tilemark.tests.lanes.ChildRunLane;

/**
 * {@code tilemark search --quick --confirm} on the local platform with the echo workload alone: a search of at most
 * one tile at {@code --quick}'s shape (one phase of 10 s a step), then one ordinary run at the maximum with the
 * configuration's own shape (two phases of 20 s). Both bundles are written and link each other (the run's run.json
 * names the search, the search's search.json names the run), the console ends with the confirmation, and
 * {@code tilemark verify} passes both. Echo's QoS limits are relaxed far beyond what a loaded machine misses (it runs
 * at nice 19 beside the QoS-bearing local runs), so the one tile passes the search; the confirming run's verdict may
 * still go either way, and the exit code with it.
 */
@ChildRunLane
class EchoSearchConfirmEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theConfirmingRunAtTheMaximumHasTheConfiguredShapeAndBothBundlesNameEachOtherAndVerify() throws Exception {
        Map<String, String> settings = EchoWorkloadEndToEndTest.looseSearchSettings("e2e-echo-confirm");
        Path results = Path.of(settings.get("run.results"));
        // The confirming run's shape (the configuration's own) ...
        settings.put("run.phases", "2");
        settings.put("run.phaseDuration", "20s");
        // ... and the search's steps (--quick's): one phase of one interval.
        settings.put("search.quick.phases", "1");
        settings.put("search.quick.phaseDuration", "10s");
        settings.put("search.quick.warmup", "10s");

        EchoWorkloadEndToEndTest.Run search = EchoWorkloadEndToEndTest.harness(
                List.of("search", "--quick", "--confirm", "--tiles", "1", "--max-tiles", "1"), settings);
        assertThat(search.exit()).as(search.output()).isIn(0, 1);
        Path searchBundle = bundle(results, true);
        Path runBundle = bundle(results, false);

        JsonNode searchFile = JSON.readTree(searchBundle.resolve("search.json").toFile());
        assertThat(searchFile.get("maxTiles").asInt()).as(search.output()).isEqualTo(1);
        for (JsonNode step : searchFile.get("steps")) {
            assertThat(step.get("tiles").asInt()).isEqualTo(1);
        }
        assertThat(searchFile.get("steps").get(0).get("phases")).as("--quick's one phase a step").hasSize(1);

        JsonNode runFile = JSON.readTree(runBundle.resolve("run.json").toFile());
        assertThat(runFile.get("confirms").asText()).isEqualTo(searchBundle.getFileName().toString());
        assertThat(runFile.get("tiles").asInt()).isEqualTo(1);
        JsonNode scoreFile = JSON.readTree(runBundle.resolve("score.json").toFile());
        assertThat(scoreFile.get("phases")).as("the configuration's two phases, not --quick's one").hasSize(2);
        String verdict = scoreFile.get("verdict").asText();
        assertThat(verdict).isIn("compliant", "non-compliant");
        assertThat(search.exit()).as("the exit code is the confirming run's").isEqualTo(verdict.equals("compliant") ? 0 : 1);

        JsonNode confirmation = searchFile.get("confirmation");
        assertThat(confirmation).as("search.json names its confirming run").isNotNull();
        assertThat(confirmation.get("runId").asText()).isEqualTo(runBundle.getFileName().toString());
        assertThat(searchBundle.resolve(confirmation.get("bundle").asText()).normalize()).isEqualTo(runBundle);
        assertThat(confirmation.get("tiles").asInt()).isEqualTo(1);
        assertThat(confirmation.get("verdict").asText()).isEqualTo(verdict);
        assertThat(confirmation.get("score").asDouble()).isEqualTo(scoreFile.get("score").asDouble());
        assertThat(confirmation.get("scoreLine").asText()).isEqualTo(scoreFile.get("scoreLine").asText());

        assertThat(search.output()).as("the profile and shape it runs, said before it starts")
                .contains("=== confirming the maximum: a run at 1 tile, profile quick, 2 phase(s) of 20s after 10s of warm-up ===");
        List<String> lines = search.output().lines().filter(line -> !line.isBlank()).toList();
        assertThat(lines.getLast()).isEqualTo("Search " + searchBundle.getFileName() + ": "
                + (verdict.equals("compliant") ? "confirmed" : "not confirmed") + " by " + runBundle.getFileName()
                + " at 1 tile (" + verdict + "): " + confirmation.get("scoreLine").asText());
        assertThat(searchFile.get("explanation").get(searchFile.get("explanation").size() - 1).asText())
                .startsWith((verdict.equals("compliant") ? "confirmed" : "not confirmed") + " by " + runBundle.getFileName());

        for (Path bundle : List.of(searchBundle, runBundle)) {
            EchoWorkloadEndToEndTest.Run verify = EchoWorkloadEndToEndTest.harness(List.of("verify", bundle.toString()), Map.of());
            assertThat(verify.exit()).as(verify.output()).isZero();
        }
    }

    /** The one search bundle in the results (search-<id>), or the one run bundle (<id>). */
    static Path bundle(Path results, boolean search) throws Exception {
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> found = dirs.filter(d -> d.getFileName().toString().startsWith("search-") == search).toList();
            assertThat(found).as("the %s bundle in %s", search ? "search" : "run", results).hasSize(1);
            return found.getFirst();
        }
    }
}
