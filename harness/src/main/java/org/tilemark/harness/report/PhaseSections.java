package org.tilemark.harness.report;

import java.util.Optional;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.RunVerdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The per-phase part of report.html: workload results with QoS, then latency per operation. */
final class PhaseSections {
    private static final List<String> WORKLOAD_COLUMNS = List.of("Tile", "Workload", "Metric",
            "Throughput", "Reference", "Normalized", "QoS", "Attempts", "Errors", "Rollbacks",
            "Schedule lag p99 (ms)", "Reasons");
    private static final List<String> LATENCY_COLUMNS = List.of("Operation", "Count", "Errors",
            "Mean (ms)", "p50 (ms)", "p90 (ms)", "p95 (ms)", "p99 (ms)", "Max (ms)");

    private PhaseSections() {
    }

    static void render(Html html, BundleContents contents, Optional<ScoreFile> score) {
        List<WorkloadSummary> summaries = Summaries.of(contents);
        if (summaries.isEmpty()) {
            html.heading(2, "Phases").paragraph("No measured intervals were recorded.");
            return;
        }
        if (!summaries.getFirst().fromScore()) {
            html.element("p", "warning", "Phase results below are derived from intervals.jsonl because "
                    + "score.json is absent: throughput is the time-weighted mean of the measured intervals, "
                    + "latency percentiles are those of the phase's merged interval histograms (unknown "
                    + "where histograms/ lacks them), and no QoS verdict is given.");
        }
        Map<Integer, List<WorkloadSummary>> byPhase = new LinkedHashMap<>();
        summaries.forEach(s -> byPhase.computeIfAbsent(s.phase(), p -> new ArrayList<>()).add(s));
        byPhase.forEach((phase, rows) -> renderPhase(html, phase, rows, score.flatMap(s -> s.phase(phase)).orElse(null), contents));
    }

    private static void renderPhase(Html html, int phase, List<WorkloadSummary> rows, ScoreFile.Phase scored,
                                    BundleContents contents) {
        RunFile run = contents.run();
        html.heading(2, "Phase " + phase);
        Map<Integer, List<WorkloadSummary>> byTile = new TreeMap<>();
        rows.forEach(r -> byTile.computeIfAbsent(r.tile(), t -> new ArrayList<>()).add(r));
        List<String> reasons = new ArrayList<>();
        Map<Integer, ScoreFile.Tile> scoredTiles = new LinkedHashMap<>();
        if (scored != null) {
            String confidence = ScoreConfidence.ofPhase(contents, scored);
            html.paragraph("Phase score " + Fmt.fixed(scored.score(), 3)
                    + " (application " + Fmt.fixed(scored.application(), 3)
                    + (confidence.isEmpty() ? "," : ", " + confidence + ";")
                    + " infrastructure " + orNotMeasured(scored.infrastructure()) + "); "
                    + complianceText(scored.compliant()));
            reasons.addAll(scored.reasons());
            for (ScoreFile.Tile tile : scored.tiles()) {
                scoredTiles.put(tile.tile(), tile);
                byTile.putIfAbsent(tile.tile(), List.of());
            }
        }
        byTile.forEach((tileNumber, tileRows) -> {
            ScoreFile.Tile tile = scoredTiles.get(tileNumber);
            if (tile != null) {
                html.paragraph("Tile " + tileNumber + ": score " + Fmt.fixed(tile.score(), 3)
                        + meanText(tileRows) + ", " + complianceText(tile.compliant()));
                // The phase's reasons already hold each tile's (score.json repeats them per level): list once.
                tile.reasons().stream().filter(r -> reasons.stream().noneMatch(known -> known.endsWith(r)))
                        .forEach(r -> reasons.add("tile " + tileNumber + ": " + r));
            }
            tileRows.forEach(row -> WorkloadViews.answeredSummary(row.workload()).ifPresent(summary -> html.element("p",
                    row.workload(), "Tile " + tileNumber + " " + WorkloadViews.answeredLine(row, summary, run))));
        });
        if (!reasons.isEmpty()) {
            html.list(reasons);
        }
        html.table(WORKLOAD_COLUMNS, rows.stream().map(PhaseSections::workloadRow).toList());
        for (WorkloadSummary row : rows) {
            latencyTable(html, phase, row);
            MixTable.render(html, phase, row, run);
        }
    }

    /** " = geometric mean of dvdstore, mail; not scored: standby" — which workloads the tile score is made of. */
    private static String meanText(List<WorkloadSummary> tileRows) {
        List<String> inMean = tileRows.stream().filter(WorkloadSummary::scored).map(WorkloadSummary::workload).toList();
        List<String> outside = tileRows.stream().filter(r -> !r.scored()).map(WorkloadSummary::workload).toList();
        if (inMean.isEmpty()) {
            return "";
        }
        return " = geometric mean of " + String.join(", ", inMean)
                + (outside.isEmpty() ? "" : "; not scored: " + String.join(", ", outside));
    }

    /** Per-operation latency; a workload's key operation (mail's send) comes first and is named. */
    private static void latencyTable(Html html, int phase, WorkloadSummary row) {
        String title = "Phase " + phase + ", tile " + row.tile() + ", " + row.workload() + ": latency per operation";
        var key = WorkloadViews.keyOperation(row.workload());
        if (key.isPresent()) {
            title += " (" + key.get() + " first: its p95 is the QoS limit)";
        }
        html.heading(3, title);
        if (row.operations().isEmpty()) {
            html.paragraph("no operations recorded");
            return;
        }
        html.table(LATENCY_COLUMNS, WorkloadViews.keyOperationFirst(row.workload(), row.operations()).entrySet()
                .stream().map(e -> latencyRow(e.getKey(), e.getValue())).toList());
    }

    private static String orNotMeasured(Double value) {
        return value == null || Double.isNaN(value) ? "not measured" : Fmt.fixed(value, 3);
    }

    private static String complianceText(boolean compliant) {
        return RunVerdict.of(compliant).word();
    }

    private static List<Html.Cell> workloadRow(WorkloadSummary s) {
        String qos = s.passed() == null ? "unknown" : s.passed() ? "pass" : "FAIL";
        String qosClass = s.passed() == null ? null : s.passed() ? "pass" : "fail";
        return List.of(Html.Cell.numeric(String.valueOf(s.tile())), Html.Cell.of(s.workload()),
                Html.Cell.of(s.metric()), Html.Cell.numeric(Fmt.fixed(s.throughput(), 2)),
                Html.Cell.numeric(Fmt.fixed(s.reference(), 2)), normalizedCell(s),
                new Html.Cell(qos, qosClass), Html.Cell.numeric(Fmt.integer(s.attempts())),
                Html.Cell.numeric(Fmt.integer(s.errors())), Html.Cell.numeric(Fmt.integer(s.rollbacks())),
                Html.Cell.numeric(Fmt.fixed(s.scheduleLagP99Ms(), 1)), Html.Cell.of(String.join("; ", s.reasons())));
    }

    /** An unscored workload (the standby server) keeps its value but says it is outside the tile score. */
    private static Html.Cell normalizedCell(WorkloadSummary s) {
        String value = Fmt.fixed(s.normalized(), 3);
        return s.scored() ? Html.Cell.numeric(value) : new Html.Cell("not scored (" + value + ")", "unscored-cell");
    }

    private static List<Html.Cell> latencyRow(String operation, OperationStats o) {
        return List.of(Html.Cell.of(operation), Html.Cell.numeric(Fmt.integer(o.count())),
                Html.Cell.numeric(Fmt.integer(o.errors())), Html.Cell.numeric(Fmt.fixed(o.meanMs(), 1)),
                Html.Cell.numeric(Fmt.fixed(o.p50Ms(), 1)), Html.Cell.numeric(Fmt.fixed(o.p90Ms(), 1)),
                Html.Cell.numeric(Fmt.fixed(o.p95Ms(), 1)), Html.Cell.numeric(Fmt.fixed(o.p99Ms(), 1)),
                Html.Cell.numeric(Fmt.fixed(o.maxMs(), 1)));
    }
}
