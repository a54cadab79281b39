package org.tilemark.harness.report;

import org.tilemark.scoring.RunVerdict;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.ResultsBundle;
import java.util.Optional;
import org.tilemark.harness.bundle.IntervalLine;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tilemark.config.TileScale;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.RunFile;

/**
 * Writes report.html: one self-contained page (inline CSS, no scripts, no external resources
 * except the bundle's own charts/*.png). All text taken from the bundle is HTML-escaped.
 */
public final class HtmlReportWriter implements ReportWriter {

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}
            h1{margin-bottom:.2em} h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.6em}
            .score{font-size:1.6em;font-weight:bold;margin:.3em 0}
            .badge{display:inline-block;padding:.15em .6em;border-radius:.3em;font-weight:bold;margin-right:.5em}
            .compliant{background:#d4edda;color:#155724} .non-compliant{background:#f8d7da;color:#721c24}
            .aborted,.failed,.unscored{background:#fff3cd;color:#856404} .unpublishable{background:#e2e3e5;color:#383d41}
            .note{background:#eef4fb;border-left:4px solid #4a90d9;padding:.4em .8em}
            .warning{background:#fff3cd;border-left:4px solid #e0a800;padding:.4em .8em}
            table{border-collapse:collapse;margin:.6em 0 1.2em} th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left}
            th{background:#f3f3f3} td.num{text-align:right;font-variant-numeric:tabular-nums}
            td.pass{color:#155724;font-weight:bold} td.fail{color:#721c24;font-weight:bold}
            td.unscored-cell{color:#6c757d;font-style:italic;text-align:right} p.standby{border-left:4px solid #6c757d;padding:.2em .8em;background:#f7f7f7}
            pre{background:#f7f7f7;border:1px solid #ddd;padding:.8em;overflow:auto}
            figure{margin:1em 0} img{max-width:100%;height:auto;border:1px solid #ddd}
            """;

    public HtmlReportWriter() {
    }

    @Override
    public void write(Path bundle) throws IOException {
        BundleContents contents = BundleContents.load(bundle);
        BundleFiles.writeAtomically(bundle.resolve(BundleLayout.REPORT), render(contents));
    }

    static String render(BundleContents contents) {
        RunFile run = contents.run();
        Optional<ScoreFile> score = contents.score();
        Html html = new Html();
        html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .text("Tilemark report " + contents.runId()).raw("</title>\n<style>\n").raw(STYLE)
                .raw("</style>\n</head>\n<body>\n");
        header(html, contents, run, score);
        dataQuality(html, contents);
        runFacts(html, contents, run);
        inventory(html, run.inventory());
        PhaseSections.render(html, contents, score);
        InfraSections.render(html, contents, score);
        score.ifPresent(s -> CostSection.render(html, s));
        ResourceProfileSection.render(html, contents);
        charts(html, contents);
        errorsByVm(html, contents);
        events(html, score.map(ScoreFile::events).orElse(List.of()));
        configuration(html, run);
        html.raw("</body>\n</html>\n");
        return html.toString();
    }

    private static void header(Html html, BundleContents contents, RunFile run, Optional<ScoreFile> scored) {
        html.heading(1, "Tilemark run " + contents.runId());
        if (!run.publishable()) {
            html.element("span", "badge unpublishable",
                    "not publishable (" + (run.platform() == null ? "unknown" : run.platform()) + " platform)");
        }
        List<String> notPublishable = Publishability.reasons(run);
        if (!notPublishable.isEmpty()) {
            html.raw("<div class=\"note\">").paragraph("Not publishable because:").list(notPublishable).raw("</div>\n");
        }
        if (scored.isEmpty()) {
            html.element("span", "badge unscored", "not scored");
            html.element("p", "warning", "score.json is absent: the run ended before it was scored. "
                    + "The intervals below are shown as recorded.");
            return;
        }
        ScoreFile score = scored.get();
        RunVerdict verdict = score.verdict();
        html.element("span", "badge " + (verdict == null ? "unscored" : verdict.word()), verdict == null ? "no verdict" : verdict.word());
        String confidence = ScoreConfidence.ofRun(score);
        String scoreLine = score.scoreLine() == null ? "" : score.scoreLine();
        // Newer score lines carry the interval themselves; older ones get it appended.
        boolean lineHasIt = scoreLine.contains("CI");
        html.element("div", "score", scoreLine + (confidence.isEmpty() || lineHasIt ? "" : " — " + confidence));
        if (!confidence.isEmpty()) {
            html.paragraph("The confidence interval is a Student-t interval of the mean across the "
                    + score.phases().size() + " phase scores; each phase below shows its own, across its intervals.");
        }
        if (score.applicationOnly()) {
            html.element("p", "note", "Application score only — infrastructure operations not yet measured.");
        }
        List<String> reasons = score.reasons();
        if (!reasons.isEmpty()) {
            html.paragraph("Reasons for the verdict:").list(reasons);
        }
    }

    private static void dataQuality(Html html, BundleContents contents) {
        html.element("p", contents.skippedIntervalLines() > 0 ? "warning" : null,
                "Skipped interval lines: " + contents.skippedIntervalLines()
                        + " (of intervals.jsonl; " + contents.intervals().size() + " intervals read)");
        if (!contents.warnings().isEmpty()) {
            html.raw("<div class=\"warning\">").paragraph("Bundle warnings:").list(contents.warnings())
                    .raw("</div>\n");
        }
    }

    private static void runFacts(Html html, BundleContents contents, RunFile run) {
        html.heading(2, "Run");
        String ended = text(run.endedAt());
        List<List<Html.Cell>> rows = new ArrayList<>();
        rows.add(fact("Run id", contents.runId()));
        rows.add(fact("Started", text(run.startedAt())));
        rows.add(fact("Ended", ended.isEmpty() ? "not recorded (the run did not finish)" : ended));
        rows.add(fact("Profile", text(run.profile())));
        rows.add(fact("Tiles", String.valueOf(run.tiles())));
        rows.add(fact("Tile scale", TileScale.format(run.tileScale())
                + (run.tileScale() == TileScale.STANDARD ? " (the standard tile)" : " of the standard tile's load")));
        rows.add(fact("Phases", String.valueOf(contents.phaseCount())));
        rows.add(fact("Platform", text(run.platform())));
        WorkloadViews.loadShapes(run).forEach((workload, shape) -> rows.add(fact("Load shape of " + workload, shape)));
        List<String> notPublishable = Publishability.reasons(run);
        rows.add(fact("Publishable", run.publishable()
                + (notPublishable.isEmpty() ? "" : " — " + String.join("; ", notPublishable))));
        ResultsBundle.tree(run.versions()).properties().forEach(e ->
                rows.add(fact("Version of " + e.getKey(), e.getValue().isNull() ? "" : e.getValue().asText())));
        html.table(List.of("Fact", "Value"), rows);
    }

    private static List<Html.Cell> fact(String name, String value) {
        return List.of(Html.Cell.of(name), Html.Cell.of(value));
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    private static void inventory(Html html, RunFile.Inventory inventory) {
        html.heading(2, "Inventory");
        objectTable(html, "Hosts", inventory.hosts());
        objectTable(html, "Datastores", inventory.datastores());
        objectTable(html, "VMs and placement", inventory.vms());
    }

    /** A table of records; columns are their fields as the bundle writes them, so new fields still show. */
    private static void objectTable(Html html, String title, List<?> records) {
        List<JsonNode> items = records.stream().<JsonNode>map(ResultsBundle::tree).toList();
        html.heading(3, title);
        if (items.isEmpty()) {
            html.paragraph("none recorded");
            return;
        }
        List<String> columns = new ArrayList<>();
        items.forEach(item -> item.fieldNames().forEachRemaining(name -> {
            if (!columns.contains(name)) {
                columns.add(name);
            }
        }));
        List<List<Html.Cell>> rows = items.stream().map(item -> columns.stream().map(column -> {
            JsonNode value = item.path(column);
            return Html.Cell.of(value.isNull() || value.isMissingNode() ? "" : value.isValueNode() ? value.asText() : value.toString());
        }).toList()).toList();
        html.table(columns, rows);
    }

    private static void charts(Html html, BundleContents contents) {
        List<ChartSpec> specs = ChartSpec.planFor(contents);
        html.heading(2, "Charts");
        if (specs.isEmpty()) {
            html.paragraph("No intervals recorded, so there is nothing to chart.");
        }
        for (ChartSpec spec : specs) {
            html.raw("<figure><img src=\"").text(spec.relativePath()).raw("\" alt=\"").text(spec.title())
                    .raw("\" width=\"" + ChartWriter.WIDTH_PX + "\" height=\"" + ChartWriter.HEIGHT_PX + "\">")
                    .element("figcaption", null, spec.title()).raw("</figure>\n");
        }
    }

    private static void errorsByVm(Html html, BundleContents contents) {
        Map<String, Long> totals = new TreeMap<>();
        contents.intervals().forEach(i -> i.measured().errorsByVm().forEach((vm, n) -> totals.merge(vm, n, Long::sum)));
        totals.values().removeIf(n -> n == 0);
        if (totals.isEmpty()) {
            return;
        }
        html.heading(2, "Errors by VM (all intervals)");
        html.table(List.of("VM", "Errors"), totals.entrySet().stream()
                .map(e -> List.of(Html.Cell.of(e.getKey()), Html.Cell.numeric(Fmt.integer(e.getValue()))))
                .toList());
    }

    private static void events(Html html, List<ScoreFile.Event> events) {
        html.heading(2, "Events");
        if (events.isEmpty()) {
            html.paragraph("No events recorded.");
            return;
        }
        html.table(List.of("At", "What"), events.stream()
                .map(e -> List.of(Html.Cell.of(text(e.at())), Html.Cell.of(text(e.what()))))
                .toList());
    }

    private static void configuration(Html html, RunFile run) {
        html.heading(2, "Effective configuration");
        if (!run.hasConfig()) {
            html.paragraph("not recorded");
            return;
        }
        html.raw("<pre>").text(Redaction.prettyRedacted(run.configTree())).raw("</pre>\n");
    }
}
