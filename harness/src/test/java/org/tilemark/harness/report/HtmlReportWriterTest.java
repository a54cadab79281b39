package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

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
}
