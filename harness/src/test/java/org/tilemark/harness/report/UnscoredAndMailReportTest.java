package org.tilemark.harness.report;

import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.CsvColumns;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.BasicStroke;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's view of the unscored standby server and of mail's send operation. */
class UnscoredAndMailReportTest {
    @TempDir
    Path temp;

    private String html() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.FULL_TILE, temp);
        new HtmlReportWriter().write(bundle);
        return Files.readString(bundle.resolve("report.html"));
    }

    @Test
    void tileScoreNamesTheWorkloadsInTheGeometricMean() throws Exception {
        assertThat(html()).contains("Tile 1: score 1.009 = geometric mean of dvdstore, mail; not scored: standby, compliant")
                .contains("Tile 1: score 0.976 = geometric mean of dvdstore, mail; not scored: standby, non-compliant");
    }

    @Test
    void unscoredWorkloadIsMarkedInTheTable() throws Exception {
        assertThat(html()).contains("<td>standby</td><td>beats/min</td>")
                .contains("<td class=\"unscored-cell\">not scored (1.000)</td>")
                .contains("<td class=\"unscored-cell\">not scored (0.833)</td>")
                .doesNotContain("not scored (0.993)");
    }

    @Test
    void standbyLinePerPhaseAndTile() throws Exception {
        assertThat(html()).contains("Tile 1 standby: 30 of 30 beats answered within 1 s (100 %), QoS pass")
                .contains("Tile 1 standby: 25 of 30 beats answered within 1 s (83.3 %), QoS FAIL")
                .contains("<li>tile 1 standby: failures = 16.67 % of 30 attempts &gt; 1 %</li>")
                .doesNotContain("tile 1: tile 1 standby");
    }

    @Test
    void standbyLineWithoutScoreOrRecordedTimeout() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.FULL_TILE, temp);
        Files.delete(bundle.resolve("score.json"));
        Files.writeString(bundle.resolve("run.json"), "{\"runId\": \"x\"}");
        new HtmlReportWriter().write(bundle);

        assertThat(Files.readString(bundle.resolve("report.html")))
                .contains("Tile 1 standby: 25 of 30 beats answered (83.3 %), QoS unknown")
                .doesNotContain("not scored (");
    }

    @Test
    void mailLatencyTableListsSendFirstWithCountAndPercentiles() throws Exception {
        String html = html();
        String heading = "Phase 2, tile 1, mail: latency per operation (send first: its p95 is the QoS limit)";
        assertThat(html).contains(heading);
        String table = html.substring(html.indexOf(heading));
        table = table.substring(0, table.indexOf("</table>"));
        assertThat(table).contains("<th>Count</th>", "<th>p50 (ms)</th>", "<th>p95 (ms)</th>", "<th>p99 (ms)</th>");
        assertThat(table.indexOf("<td>send</td>")).isPositive()
                .isLessThan(table.indexOf("<td>read</td>")).isLessThan(table.indexOf("<td>search</td>"));
        assertThat(html).contains("Tile 1 mail: p95 latency per operation (send highlighted)");
    }

    @Test
    void mailP95ChartDrawsSendFirstAndThicker() throws Exception {
        BundleContents contents = BundleContents.load(BundleFixture.copy(BundleFixture.FULL_TILE, temp));
        ChartSpec mail = ChartSpec.planFor(contents).stream()
                .filter(s -> s.workload().equals("mail") && s.kind() == ChartSpec.Kind.LATENCY_P95).findFirst().orElseThrow();
        ChartSpec dvdstore = ChartSpec.planFor(contents).stream()
                .filter(s -> s.workload().equals("dvdstore") && s.kind() == ChartSpec.Kind.LATENCY_P95).findFirst().orElseThrow();

        XYPlot mailPlot = latencyPlot(contents, mail);
        XYPlot dvdPlot = latencyPlot(contents, dvdstore);

        XYSeriesCollection series = (XYSeriesCollection) mailPlot.getDataset();
        assertThat(String.valueOf(series.getSeriesKey(0))).isEqualTo("send");
        assertThat(series.getSeriesCount()).isEqualTo(5);
        assertThat(((BasicStroke) mailPlot.getRenderer().getSeriesStroke(0)).getLineWidth())
                .isEqualTo(ChartWriter.KEY_OPERATION_STROKE_PX);
        assertThat(mailPlot.getRenderer().getSeriesStroke(1)).isNull();
        // Other workloads stay generic: alphabetical, no highlighted series.
        assertThat(String.valueOf(((XYSeriesCollection) dvdPlot.getDataset()).getSeriesKey(0))).isEqualTo("browse");
        assertThat(dvdPlot.getRenderer().getSeriesStroke(0)).isNull();
    }

    @Test
    void everyWorkloadGetsItsChartsAndTheSummaryCsvSaysWhatIsScored() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.FULL_TILE, temp);
        new ChartWriter().write(bundle);
        new CsvReportWriter().write(bundle);

        for (String workload : List.of("dvdstore", "mail", "standby")) {
            assertThat(bundle.resolve("charts/tile1-" + workload + "-latency-p95.png")).isNotEmptyFile();
        }
        List<String> summary = Files.readAllLines(bundle.resolve(BundleLayout.SUMMARY_CSV));
        int scored = CsvColumns.SUMMARY.indexOf("scored");
        assertThat(summary).filteredOn(l -> l.contains(",standby,"))
                .allSatisfy(l -> assertThat(l.split(",")[scored]).isEqualTo("false")).hasSize(2);
        assertThat(summary).filteredOn(l -> l.contains(",mail,"))
                .allSatisfy(l -> assertThat(l.split(",")[scored]).isEqualTo("true")).hasSize(2);
    }

    private static XYPlot latencyPlot(BundleContents contents, ChartSpec spec) {
        Instant origin = contents.intervals().getFirst().startsAt();
        JFreeChart chart = new ChartWriter().latencyChart(spec, contents.intervals(spec.tile(), spec.workload()), origin);
        return chart.getXYPlot();
    }
}
