package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The per-phase part of report.html: workload results with QoS, then latency per operation. */
final class PhaseSections {
    private static final List<String> WORKLOAD_COLUMNS = List.of("Tile", "Workload", "Metric",
            "Throughput", "Reference", "Normalized", "QoS", "Attempts", "Errors", "Rollbacks",
            "Schedule lag p99 (ms)", "Reasons");
    private static final List<String> LATENCY_COLUMNS = List.of("Operation", "Count", "Errors",
            "Mean (ms)", "p50 (ms)", "p90 (ms)", "p95 (ms)", "p99 (ms)", "Max (ms)");

    private PhaseSections() {
    }

    static void render(Html html, BundleContents contents, JsonNode score) {
        List<WorkloadSummary> summaries = Summaries.of(contents);
        if (summaries.isEmpty()) {
            html.heading(2, "Phases").paragraph("No measured intervals were recorded.");
            return;
        }
        if (!summaries.getFirst().fromScore()) {
            html.element("p", "warning", "Phase results below are derived from intervals.jsonl because "
                    + "score.json is absent: throughput is the time-weighted mean of the measured intervals, "
                    + "latency percentiles are the maximum over intervals (an upper bound), and no QoS "
                    + "verdict is given.");
        }
        Map<Integer, List<WorkloadSummary>> byPhase = new LinkedHashMap<>();
        summaries.forEach(s -> byPhase.computeIfAbsent(s.phase(), p -> new ArrayList<>()).add(s));
        Map<Integer, JsonNode> scoredPhases = new LinkedHashMap<>();
        Json.array(score, "phases").forEach(p -> scoredPhases.put((int) Json.longOr(p, "phase", 0), p));
        byPhase.forEach((phase, rows) -> renderPhase(html, phase, rows, scoredPhases.get(phase)));
    }

    private static void renderPhase(Html html, int phase, List<WorkloadSummary> rows, JsonNode scored) {
        html.heading(2, "Phase " + phase);
        if (scored != null) {
            html.paragraph("Phase score " + Fmt.fixed(Json.dbl(scored, "score"), 3)
                    + " (application " + Fmt.fixed(Json.dbl(scored, "application"), 3)
                    + ", infrastructure " + orNotMeasured(Json.dbl(scored, "infrastructure")) + "); "
                    + complianceText(Json.bool(scored, "compliant")));
            List<String> reasons = new ArrayList<>(Json.strings(scored, "reasons"));
            for (JsonNode tile : Json.array(scored, "tiles")) {
                String tileText = "Tile " + Json.text(tile, "tile") + ": score "
                        + Fmt.fixed(Json.dbl(tile, "score"), 3) + ", " + complianceText(Json.bool(tile, "compliant"));
                html.paragraph(tileText);
                Json.strings(tile, "reasons").forEach(r -> reasons.add("tile " + Json.text(tile, "tile") + ": " + r));
            }
            if (!reasons.isEmpty()) {
                html.list(reasons);
            }
        }
        html.table(WORKLOAD_COLUMNS, rows.stream().map(PhaseSections::workloadRow).toList());
        for (WorkloadSummary row : rows) {
            html.heading(3, "Phase " + phase + ", tile " + row.tile() + ", " + row.workload()
                    + ": latency per operation");
            if (row.operations().isEmpty()) {
                html.paragraph("no operations recorded");
                continue;
            }
            html.table(LATENCY_COLUMNS, row.operations().entrySet().stream()
                    .map(e -> latencyRow(e.getKey(), e.getValue())).toList());
        }
    }

    private static String orNotMeasured(double value) {
        return Double.isNaN(value) ? "not measured" : Fmt.fixed(value, 3);
    }

    private static String complianceText(Boolean compliant) {
        return compliant == null ? "compliance unknown" : compliant ? "compliant" : "non-compliant";
    }

    private static List<Html.Cell> workloadRow(WorkloadSummary s) {
        String qos = s.passed() == null ? "unknown" : s.passed() ? "pass" : "FAIL";
        String qosClass = s.passed() == null ? null : s.passed() ? "pass" : "fail";
        return List.of(Html.Cell.numeric(String.valueOf(s.tile())), Html.Cell.of(s.workload()),
                Html.Cell.of(s.metric()), Html.Cell.numeric(Fmt.fixed(s.throughput(), 2)),
                Html.Cell.numeric(Fmt.fixed(s.reference(), 2)), Html.Cell.numeric(Fmt.fixed(s.normalized(), 3)),
                new Html.Cell(qos, qosClass), Html.Cell.numeric(Fmt.integer(s.attempts())),
                Html.Cell.numeric(Fmt.integer(s.errors())), Html.Cell.numeric(Fmt.integer(s.rollbacks())),
                Html.Cell.numeric(Fmt.fixed(s.scheduleLagP99Ms(), 1)), Html.Cell.of(String.join("; ", s.reasons())));
    }

    private static List<Html.Cell> latencyRow(String operation, OperationStats o) {
        return List.of(Html.Cell.of(operation), Html.Cell.numeric(Fmt.integer(o.count())),
                Html.Cell.numeric(Fmt.integer(o.errors())), Html.Cell.numeric(Fmt.fixed(o.meanMs(), 1)),
                Html.Cell.numeric(Fmt.fixed(o.p50Ms(), 1)), Html.Cell.numeric(Fmt.fixed(o.p90Ms(), 1)),
                Html.Cell.numeric(Fmt.fixed(o.p95Ms(), 1)), Html.Cell.numeric(Fmt.fixed(o.p99Ms(), 1)),
                Html.Cell.numeric(Fmt.fixed(o.maxMs(), 1)));
    }
}
