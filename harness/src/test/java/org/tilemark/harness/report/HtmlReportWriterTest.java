package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportWriterTest {
    @TempDir
    Path temp;

    private String writeReport(Path bundle) throws Exception {
        new HtmlReportWriter().write(bundle);
        return Files.readString(bundle.resolve("report.html"));
    }

    @Test
    void headerCarriesScoreVerdictReasonsAndBadges() throws Exception {
        String html = writeReport(BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp));

        assertThat(html).contains("Score: 1.01 @ 1 tile (non-compliant)")
                .contains("badge non-compliant\">non-compliant<")
                .contains("phase 2: tile 1 dvdstore: p95 of purchase = 4101 ms &gt; 2000 ms")
                .contains("Application score only — infrastructure operations not yet measured.")
                .contains("not publishable (local platform)")
                .contains("Skipped interval lines: 1")
                .as("a bundle from before run.tileScale ran the standard tile").contains("1 (the standard tile)");
    }

    @Test
    void escapesEveryPieceOfBundleText() throws Exception {
        String html = writeReport(BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp));

        assertThat(html).contains("exited unexpectedly (exit 137) &amp; was &lt;restarted&gt;")
                .contains("&lt;script&gt;alert(&#39;cfg&#39;)&lt;/script&gt;")
                .doesNotContain("<script")
                .doesNotContain("<restarted>");
    }

    @Test
    void showsFactsInventoryPhasesLatencyChartsAndRedactedConfig() throws Exception {
        String html = writeReport(BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp));

        assertThat(html).contains("<td>Profile</td><td>quick</td>")
                .contains("<td>Phases</td><td>2</td>")
                .contains("<td>tile1-dvdstore-web2</td><td>dvdstore-web</td><td>1</td><td>host-0</td>")
                .contains("<h2>Phase 1</h2>").contains("<h2>Phase 2</h2>")
                .contains("<td class=\"fail\">FAIL</td>").contains("<td class=\"pass\">pass</td>")
                .contains("Phase 2, tile 1, dvdstore: latency per operation")
                .contains("<th>p99 (ms)</th>")
                .contains("<img src=\"charts/tile1-dvdstore-throughput.png\"")
                .contains("<img src=\"charts/tile1-dvdstore-latency-p95.png\"")
                .contains("<img src=\"charts/tile1-dvdstore-operations-p95-p99.png\"")
                .contains("&quot;intervalSeconds&quot; : 10")
                .contains(Redaction.REDACTED)
                .doesNotContain("hunter2")
                .doesNotContainPattern("(?i)<link|<script|https?://");
    }

    /** Issue 19: the harness's own CPU beside the cluster's, from score.json. */
    @Test
    void showsTheHarnessCpuBesideTheClustersAndNothingWhereTheRunRecordedNeither() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        assertThat(writeReport(bundle)).doesNotContain("Cost of measuring");

        edit(bundle.resolve("score.json"), score -> {
            score.putObject("harnessCpu").put("cpuSeconds", 52.0).put("tileMinutes", 3.0).put("cpuSecondsPerTileMinute", 17.333);
            score.putObject("clusterCpu").put("percent", 34.94);
        });

        // One tile: 3 tile-minutes are 180 s measured, and 52 CPU-s over them are 28.9 % of one core.
        assertThat(writeReport(bundle)).contains("<h2>Cost of measuring</h2>")
                .contains("<td>Cluster CPU busy (% of all its hosts&#39; cores)</td><td>34.9 %</td>")
                .contains("<td>52.0 CPU-s over 3.0 tile-minutes: 17.33 CPU-s per tile-minute, 28.9 % of one core</td>");
    }

    @Test
    void withoutScoreSaysSoAndStillShowsIntervals() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Files.delete(bundle.resolve("score.json"));

        String html = writeReport(bundle);

        assertThat(html).contains("score.json is absent")
                .contains("derived from intervals.jsonl")
                .contains("<h2>Phase 2</h2>")
                .contains("<td class=\"num\">1</td><td>dvdstore</td><td>orders/min</td>")
                .doesNotContain("Score: ");
    }

    /** Issue 39: the report says whose DVD Store's bursts are, from the shape the run recorded; nothing for a run without it. */
    @Test
    void saysTheLoadShapeIsTilemarksWhereTheRunRecordedOne() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        assertThat(writeReport(bundle)).doesNotContain("Load shape of");

        edit(bundle.resolve("run.json"), run -> run.withObject("/config/workloads/dvdstore").putObject("load").put("shape", "bursty"));

        assertThat(writeReport(bundle)).contains("<td>Load shape of dvdstore</td><td>bursty (workloads.dvdstore.load.shape) — the bursty"
                + " shape").contains("is Tilemark&#39;s: VMware says VMmark 2 drives DVD Store with a bursty load but publishes no shape");
    }

    /** Rewrites one JSON file of the bundle, as a run of another kind would have written it. */
    private static void edit(Path file, java.util.function.Consumer<ObjectNode> change) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(file.toFile());
        change.accept(root);
        json.writeValue(file.toFile(), root);
    }
}
