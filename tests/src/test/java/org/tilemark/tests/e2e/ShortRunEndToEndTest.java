package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;

/** A short 1-tile run on the local platform, start to finish, checked through its results bundle. */
class ShortRunEndToEndTest {

    @Test
    void oneTileRunIsCompliantOnTargetAndLeavesNothingBehind() throws Exception {
        var spec = E2e.spec(E2e.settings("e2e-short"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunOutcome outcome = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of()).run(spec);
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(printed).containsPattern("Score: \\d+\\.\\d\\d @ 1 tile \\(compliant\\)");

        Path bundle = outcome.bundle();
        for (String file : List.of("run.json", "intervals.jsonl", "score.json", "report.html", "MANIFEST.sha256",
                "histograms/tile1-dvdstore.hlog", "charts/tile1-dvdstore-throughput.png")) {
            assertThat(bundle.resolve(file)).as(file).isNotEmptyFile();
        }
        assertThat(Manifest.verify(bundle)).isEmpty();

        JsonNode score = E2e.json(bundle.resolve("score.json"));
        assertThat(score.get("verdict").asText()).isEqualTo("compliant");
        assertThat(score.get("phases")).hasSize(2);
        double target = 40 * 60.0 / 4; // users x orders per user-minute
        double measured = 0;
        for (JsonNode phase : score.get("phases")) {
            measured += phase.get("tiles").get(0).get("workloads").get(0).get("throughput").asDouble();
        }
        measured /= 2;
        assertThat(measured).as("orders/min vs target %s", target).isBetween(target * 0.9, target * 1.1);

        Map<String, Long> counts = new HashMap<>();
        List<JsonNode> intervals = E2e.intervals(bundle);
        assertThat(intervals).hasSize(5); // 1 warm-up + 2 x 2 measured intervals of 10 s
        for (JsonNode line : intervals) {
            line.get("operations").properties().forEach(op -> counts.merge(op.getKey(), op.getValue().get("count").asLong(), Long::sum));
        }
        assertThat(counts.keySet()).containsAll(List.of("login", "newCustomer", "newMember", "browse", "browseReviews",
                "getReviews", "newReview", "helpfulness", "purchase", "order"));
        assertThat(counts.values()).allMatch(n -> n > 0);

        JsonNode run = E2e.json(bundle.resolve("run.json"));
        assertThat(run.get("inventory").get("vms")).hasSize(4);
        assertThat(run.get("publishable").asBoolean()).isFalse();
        String password = passwordOnDisk();
        try (var files = Files.walk(bundle)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).as(file.toString()).doesNotContain(password);
            }
        }
        assertThat(printed).doesNotContain(password);

        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).as("guest processes left").isEmpty();
        assertThat(E2e.WORK.resolve("datastores/app").resolve(bundle.getFileName())).doesNotExist();
    }

    private static String passwordOnDisk() throws Exception {
        return Files.readString(E2e.WORK.resolve("secrets/dvdstore-db-password")).trim();
    }
}
