package org.tilemark.harness.report;

import org.tilemark.harness.bundle.CsvColumns;
import org.tilemark.harness.bundle.BundleLayout;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InfraOpsReportTest {
    @TempDir
    Path temp;

    private static String report(Path bundle) throws Exception {
        new HtmlReportWriter().write(bundle);
        return Files.readString(bundle.resolve(BundleLayout.REPORT));
    }

    private static String row(String... cells) {
        StringBuilder row = new StringBuilder("<tr><td>" + cells[0] + "</td>");
        Arrays.stream(cells, 1, cells.length).forEach(c -> row.append("<td class=\"num\">").append(c).append("</td>"));
        return row.toString();
    }

    @Test
    void sectionFollowsTheWorkloadsAndShowsScoredPhaseRates() throws Exception {
        String html = report(InfraFixture.copy(temp));

        int section = html.indexOf("<h2>Infrastructure operations</h2>");
        assertThat(section).isGreaterThan(html.indexOf("<h2>Phase 2</h2>")).isLessThan(html.indexOf("<h2>Charts</h2>"));
        assertThat(html).contains("Score: 1.41 @ 1 tile (app 0.99, infra 2.00)")
                .contains("Median phase: application 0.992, infrastructure 2.000")
                .contains("What the bytes moved are, as the platform reports them: vMotion: modelled memory; "
                        + "Storage vMotion: disk copy.")
                .contains("<h3>Phase 1 (infrastructure score 2.000)</h3>")
                .contains(row("vMotion", "2", "0", "240.0", "120.0", "2.000"))
                .contains(row("Storage vMotion", "1", "0", "120.0", "60.0", "2.000"));
        // The scorer's order is not the report's: vMotion comes first.
        assertThat(html.indexOf(row("vMotion", "2"))).isLessThan(html.indexOf(row("Storage vMotion", "1")));
    }

    @Test
    void phaseWithoutScoredOperationsCountsThemFromTheLog() throws Exception {
        String html = report(InfraFixture.copy(temp));

        // Phase 2 is 30 s of measured intervals: one completed vMotion is 120 per hour.
        assertThat(html).contains("<h3>Phase 2 (infrastructure not scored)</h3>")
                .contains("Counted from infra-ops.jsonl")
                .contains(row("vMotion", "1", "0", "120.0", "–", "–"))
                .contains(row("XvMotion", "0", "1", "0.0", "–", "–"))
                .contains(row("Deploy", "1", "0", "120.0", "–", "–"));
    }

    @Test
    void operationsOutsideTheMeasuredPhasesAreListedButNotCounted() throws Exception {
        Path bundle = InfraFixture.copy(temp);
        Files.delete(bundle.resolve("score.json"));

        String html = report(bundle);

        // Three vMotions ended in phase 1's time span or before it; the warm-up one is phase 0.
        assertThat(html).contains(row("vMotion", "2", "0", "240.0", "–", "–"))
                .contains("1 operation(s) ended outside the measured phases")
                .contains("<td>vMotion</td><td>tile1-mail</td><td>host1 / app → host2 / app</td>"
                        + "<td>2026-11-23T09:00:05Z</td><td class=\"num\">7.00 s</td><td class=\"num\">outside</td>");
    }

    @Test
    void perTypeStatsHaveDurationsStunAndBytesInHumanUnits() throws Exception {
        String html = report(InfraFixture.copy(temp));

        // Succeeded vMotions took 7000, 2500, 2000 and 2001 ms: mean 3375.25, nearest-rank p95 7000.
        assertThat(html).contains(row("vMotion", "4", "0", "3.38 s", "7.00 s", "47.0", "61.0", "–", "–", "1.25 GiB"))
                .contains(row("Storage vMotion", "1", "0", "14.00 s", "14.00 s", "–", "–", "–", "–", "1.00 GiB"))
                // The failed XvMotion is counted but not timed.
                .contains(row("XvMotion", "1", "1", "–", "–", "–", "–", "–", "–", "128.00 MiB"))
                .contains(row("Deploy", "1", "0", "10.00 s", "10.00 s", "–", "–", "–", "–", "–"));
    }

    @Test
    void movesThePlatformMadeOnItsOwnAreListedApartAndCountedNowhereElse() throws Exception {
        Path bundle = InfraFixture.copy(temp);
        Files.delete(bundle.resolve("score.json")); // the phase tables then count from the log: it must skip them
        Files.writeString(bundle.resolve(BundleLayout.INFRA_OPS), "{\"operation\":\"vmotion\",\"block\":0,"
                + "\"vm\":\"tile1-standby\",\"role\":\"standby\",\"tile\":1,\"from\":{\"host\":\"host1\",\"datastore\":\"app\"},"
                + "\"to\":{\"host\":\"host2\",\"datastore\":\"app\"},\"start\":\"2026-11-23T09:00:30Z\",\"end\":\"2026-11-23T09:00:30Z\","
                + "\"durationMs\":null,\"outcome\":\"succeeded\",\"error\":null,\"phase\":1,\"initiator\":\"platform\",\"cause\":\"DRS\"}\n",
                java.nio.file.StandardOpenOption.APPEND);

        String html = report(bundle);

        assertThat(html).contains("<h3>Platform-initiated operations</h3>", "Platform-initiated (DRS) migrations: 1.",
                        "<td>vMotion</td><td>DRS</td><td>tile1-standby</td><td>host1 / app → host2 / app</td>"
                                + "<td>2026-11-23T09:00:30Z</td><td class=\"num\">1</td>")
                // Tilemark's own vMotions only, as without the line.
                .contains(row("vMotion", "2", "0", "240.0", "–", "–"))
                .contains(row("vMotion", "4", "0", "3.38 s", "7.00 s", "47.0", "61.0", "–", "–", "1.25 GiB"));
    }

    @Test
    void failedOperationsAreListedWithTheirErrorEscaped() throws Exception {
        String html = report(InfraFixture.copy(temp));

        assertThat(html).contains("<h3>Failed operations</h3>")
                .contains("<td>XvMotion</td><td>tile1-standby</td><td>host2 / app → host1 / bulk</td>"
                        + "<td>2026-11-23T09:00:52Z</td>")
                .contains("<td class=\"fail\">failed</td><td>copy aborted: &lt;datastore&gt; &quot;bulk&quot; "
                        + "full &amp; read-only</td>")
                .doesNotContain("<datastore>")
                .contains("<img src=\"charts/infra-timeline.png\"");
    }

    @Test
    void timelineChartIsARealPngWithFailedOperationsInTheirOwnColour() throws Exception {
        Path bundle = InfraFixture.copy(temp);

        new ChartWriter().write(bundle);

        Path png = bundle.resolve(InfraTimelineChart.RELATIVE_PATH);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("decodes").isNotNull();
        assertThat(image.getWidth()).isEqualTo(ChartWriter.WIDTH_PX);
        assertThat(image.getHeight()).isEqualTo(ChartWriter.HEIGHT_PX);
        assertThat(countPixels(image, 0xD62728)).as("failed bars").isGreaterThan(50);
        assertThat(countPixels(image, 0x1F77B4)).as("succeeded bars").isGreaterThan(200);
    }

    @Test
    void csvHasOneRowPerOperation() throws Exception {
        Path bundle = InfraFixture.copy(temp);

        new CsvReportWriter().write(bundle);

        List<String> lines = Files.readAllLines(bundle.resolve(BundleLayout.INFRA_OPS_CSV));
        assertThat(lines).hasSize(1 + InfraFixture.OPERATION_COUNT);
        assertThat(lines.getFirst()).isEqualTo(String.join(",", CsvColumns.INFRA_OPS));
        assertThat(lines.get(1)).isEqualTo("vmotion,1,tile1-mail,mail,1,host1,app,host2,app,2026-11-23T09:00:05Z,"
                + "2026-11-23T09:00:12Z,7000,268435456,35,,succeeded,,0,,");
        assertThat(lines.get(5)).endsWith(",failed,\"copy aborted: <datastore> \"\"bulk\"\" full & read-only\",2,,");
        assertThat(lines.get(6)).startsWith("deploy,2,deploy-b1-3,deploy,0,,,host2,app,");
    }

    @Test
    void rebuildKeepsTheLogAndSealsTheDerivedFiles() throws Exception {
        Path bundle = InfraFixture.copy(temp);
        byte[] log = Files.readAllBytes(bundle.resolve(BundleLayout.INFRA_OPS));

        Reports.rebuildAll(bundle);

        assertThat(bundle.resolve(BundleLayout.INFRA_OPS)).hasBinaryContent(log);
        assertThat(Files.readString(bundle.resolve(BundleLayout.MANIFEST)))
                .contains("  infra-ops.jsonl\n", "  infra-ops.csv\n", "  charts/infra-timeline.png\n");
        assertThat(Manifest.verify(bundle)).isEmpty();
    }

    @Test
    void bundleWithoutTheLogSaysNotRunAndWritesNoInfraFiles() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.FULL_TILE, temp);

        Reports.rebuildAll(bundle);

        assertThat(Files.readString(bundle.resolve(BundleLayout.REPORT)))
                .contains("<h2>Infrastructure operations</h2>\n<p>Infrastructure operations: not run</p>")
                .doesNotContain("infra-timeline.png");
        assertThat(bundle.resolve(InfraTimelineChart.RELATIVE_PATH)).doesNotExist();
        assertThat(bundle.resolve(BundleLayout.INFRA_OPS_CSV)).doesNotExist();
        assertThat(BundleContents.load(bundle).warnings()).noneMatch(w -> w.contains("infra-ops"));
    }

    @Test
    void emptyLogSaysNotRunAndLeavesAHeaderOnlyCsv() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.FULL_TILE, temp);
        Files.writeString(bundle.resolve(BundleLayout.INFRA_OPS), "");

        Reports.rebuildAll(bundle);

        assertThat(Files.readString(bundle.resolve(BundleLayout.REPORT)))
                .contains("Infrastructure operations: not run");
        assertThat(bundle.resolve(InfraTimelineChart.RELATIVE_PATH)).doesNotExist();
        assertThat(Files.readAllLines(bundle.resolve(BundleLayout.INFRA_OPS_CSV))).hasSize(1);
    }

    @Test
    void truncatedLastLineIsSkippedWithAWarning() throws Exception {
        Path bundle = InfraFixture.copy(temp);
        Files.writeString(bundle.resolve(BundleLayout.INFRA_OPS), "{\"operation\":\"vmo",
                java.nio.file.StandardOpenOption.APPEND);

        BundleContents contents = BundleContents.load(bundle);

        assertThat(contents.infraOps().operations()).hasSize(InfraFixture.OPERATION_COUNT);
        assertThat(contents.infraOps().skippedLines()).isEqualTo(1);
        assertThat(contents.warnings()).anyMatch(w -> w.startsWith("infra-ops.jsonl: skipped 1")
                && w.contains("line 8") && w.contains("truncated"));
    }

    @Test
    void formatsBytesDurationsAndPercentiles() {
        assertThat(ByteUnits.format(512)).isEqualTo("512 B");
        assertThat(ByteUnits.format(3_670_016L)).isEqualTo("3.50 MiB");
        assertThat(ByteUnits.format(1_342_177_280L)).isEqualTo("1.25 GiB");
        assertThat(Fmt.millis(842.4)).isEqualTo("842 ms");
        assertThat(Fmt.millis(1878)).isEqualTo("1.88 s");
        assertThat(InfraSummaries.percentile(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
            17, 18, 19, 20}, 95)).isEqualTo(19);
        assertThat(InfraSummaries.percentile(new double[0], 95)).isNaN();
    }

    private static int countPixels(BufferedImage image, int rgb) {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                count += (image.getRGB(x, y) & 0xFFFFFF) == rgb ? 1 : 0;
            }
        }
        return count;
    }
}
