package org.tilemark.harness.report;

import org.tilemark.harness.bundle.InfraOpLine;

import org.tilemark.harness.bundle.BundleLayout;
import java.util.Optional;
import org.tilemark.harness.bundle.ScoreFile;
import java.util.List;

/**
 * The infrastructure operations part of report.html: per phase and operation type (rates and
 * normalized scores), per type over the run (durations, stun, downtime, bytes), the failed
 * operations, the moves the platform made on its own (DRS) and the timeline chart.
 */
final class InfraSections {
    static final String TITLE = "Infrastructure operations";
    private static final List<String> PHASE_COLUMNS = List.of("Operation", "Completed", "Failed",
            "Ops/hour", "Reference ops/hour", "Normalized");
    private static final List<String> TYPE_COLUMNS = List.of("Operation", "Count", "Failed",
            "Duration mean", "Duration p95", "Stun mean (ms)", "Stun max (ms)", "Downtime mean (ms)",
            "Downtime max (ms)", "Bytes moved");
    private static final List<String> OPERATION_COLUMNS = List.of("Operation", "VM", "From → to",
            "Started", "Duration", "Phase", "Outcome", "Error");

    static final String PLATFORM_TITLE = "Platform-initiated operations";
    private static final List<String> PLATFORM_COLUMNS = List.of("Operation", "Cause", "VM", "From → to", "At", "Phase");

    private InfraSections() {
    }

    static void render(Html html, BundleContents contents, Optional<ScoreFile> score) {
        html.heading(2, TITLE);
        InfraOpsLog log = contents.infraOps();
        List<InfraSummaries.Phase> phases = InfraSummaries.phases(contents);
        boolean scored = phases.stream().anyMatch(p -> p.fromScore() && !p.rows().isEmpty());
        if (log.all().isEmpty() && !scored) {
            html.paragraph(log.skippedLines() == 0 ? TITLE + ": not run"
                    : TITLE + ": none readable (" + log.skippedLines() + " line(s) of "
                    + BundleLayout.INFRA_OPS + " skipped, see the bundle warnings)");
            return;
        }
        ScoreFile.Totals totals = score.filter(ScoreFile::scored).map(ScoreFile::totals).orElse(null);
        double application = totals == null ? Double.NaN : totals.application();
        double infrastructure = totals == null || totals.infrastructure() == null ? Double.NaN : totals.infrastructure();
        if (!Double.isNaN(application) || !Double.isNaN(infrastructure)) {
            html.paragraph("Median phase: application " + Fmt.fixed(application, 3)
                    + ", infrastructure " + orNotScored(infrastructure));
        }
        phases.forEach(phase -> renderPhase(html, phase));
        outsidePhases(html, log.operations());
        byType(html, log.operations());
        failed(html, log.operations());
        platformInitiated(html, log.platformInitiated());
        if (!log.isEmpty()) {
            html.raw("<figure><img src=\"").text(InfraTimelineChart.RELATIVE_PATH).raw("\" alt=\"")
                    .text(InfraTimelineChart.TITLE).raw("\" width=\"" + ChartWriter.WIDTH_PX + "\" height=\""
                            + ChartWriter.HEIGHT_PX + "\">")
                    .element("figcaption", null, InfraTimelineChart.TITLE).raw("</figure>\n");
        }
    }

    private static void renderPhase(Html html, InfraSummaries.Phase phase) {
        html.heading(3, "Phase " + phase.phase() + " (infrastructure " + (Double.isNaN(phase.infrastructure())
                ? "not scored)" : "score " + Fmt.fixed(phase.infrastructure(), 3) + ")"));
        if (phase.rows().isEmpty()) {
            html.paragraph("No infrastructure operation ended in this phase.");
            return;
        }
        if (!phase.fromScore()) {
            html.element("p", "warning", "Counted from " + BundleLayout.INFRA_OPS + " (score.json has "
                    + "no infraOperations for this phase): ops/hour are completed operations per hour of the "
                    + "phase's measured intervals; reference and normalized are unknown.");
        }
        html.table(PHASE_COLUMNS, phase.rows().stream().map(r -> List.of(
                Html.Cell.of(InfraTypes.displayName(r.operation())),
                Html.Cell.numeric(Fmt.integer(r.completed())), Html.Cell.numeric(Fmt.integer(r.failed())),
                Html.Cell.numeric(Fmt.fixed(r.opsPerHour(), 1)),
                Html.Cell.numeric(Fmt.fixed(r.referenceOpsPerHour(), 1)),
                Html.Cell.numeric(Fmt.fixed(r.normalized(), 3)))).toList());
    }

    private static void outsidePhases(Html html, List<InfraOpLine> operations) {
        List<InfraOpLine> outside = operations.stream().filter(op -> op.phase() <= 0).toList();
        if (outside.isEmpty()) {
            return;
        }
        html.heading(3, "Outside the measured phases");
        html.paragraph(outside.size() + " operation(s) ended outside the measured phases (phase 0): "
                + "listed here, not counted in the phase tables above.");
        html.table(OPERATION_COLUMNS, outside.stream().map(InfraSections::operationRow).toList());
    }

    private static void byType(Html html, List<InfraOpLine> operations) {
        if (operations.isEmpty()) {
            return;
        }
        html.heading(3, "Per operation type (whole run)");
        html.paragraph("All operations of the run, including those outside the measured phases. Durations "
                + "are of succeeded operations only; stun and downtime where recorded.");
        html.table(TYPE_COLUMNS, InfraSummaries.byType(operations).stream().map(t -> List.of(
                Html.Cell.of(InfraTypes.displayName(t.operation())),
                Html.Cell.numeric(Fmt.integer(t.count())), Html.Cell.numeric(Fmt.integer(t.failed())),
                Html.Cell.numeric(Fmt.millis(t.durationMeanMs())), Html.Cell.numeric(Fmt.millis(t.durationP95Ms())),
                Html.Cell.numeric(Fmt.fixed(t.stunMeanMs(), 1)), Html.Cell.numeric(Fmt.fixed(t.stunMaxMs(), 1)),
                Html.Cell.numeric(Fmt.fixed(t.downtimeMeanMs(), 1)),
                Html.Cell.numeric(Fmt.fixed(t.downtimeMaxMs(), 1)),
                Html.Cell.numeric(Double.isNaN(t.bytesMoved()) ? "–" : ByteUnits.format((long) t.bytesMoved())))).toList());
        whatTheBytesAre(html, operations);
    }

    /** The platform's word for each type's bytes, e.g. "vMotion: modelled memory": not every move is a real copy. */
    private static void whatTheBytesAre(Html html, List<InfraOpLine> operations) {
        java.util.Map<String, java.util.Set<String>> moved = new java.util.TreeMap<>(InfraTypes.TYPE_ORDER);
        operations.stream().filter(op -> !InfraTypes.text(op.moved()).isEmpty()).forEach(op ->
                moved.computeIfAbsent(op.operation(), t -> new java.util.TreeSet<>()).add(op.moved()));
        if (!moved.isEmpty()) {
            List<String> parts = new java.util.ArrayList<>();
            moved.forEach((type, kinds) -> parts.add(InfraTypes.displayName(type) + ": " + String.join(", ", kinds)));
            html.paragraph("What the bytes moved are, as the platform reports them: " + String.join("; ", parts)
                    + ". Modelled bytes are accounted at the platform's configured bandwidth, not copied: modelled memory"
                    + " stands for the VM's configured memory size, a modelled disk for its configured disk size beyond"
                    + " the files copied.");
        }
    }

    private static void failed(Html html, List<InfraOpLine> operations) {
        List<InfraOpLine> failed = operations.stream().filter(InfraOpLine::failed).toList();
        html.heading(3, "Failed operations");
        if (failed.isEmpty()) {
            html.paragraph(operations.isEmpty() ? "none recorded" : "None: every operation succeeded.");
            return;
        }
        html.table(OPERATION_COLUMNS, failed.stream().map(InfraSections::operationRow).toList());
    }

    /** The platform's own moves (DRS): listed with where and when, and said plainly to be neither scored nor counted above. */
    private static void platformInitiated(Html html, List<InfraOpLine> moves) {
        if (moves.isEmpty()) {
            return;
        }
        String causes = String.join(", ", new java.util.TreeSet<>(moves.stream().map(op -> InfraTypes.text(op.cause())).toList()));
        html.heading(3, PLATFORM_TITLE);
        html.paragraph("Platform-initiated (" + causes + ") migrations: " + moves.size() + ". The platform moved these VMs on "
                + "its own (as VMmark 2 lists DRS-initiated vMotion among its infrastructure workloads); recorded from "
                + "its events, they are not Tilemark's operations: not scored and not counted in the tables above.");
        html.table(PLATFORM_COLUMNS, moves.stream().map(op -> List.of(Html.Cell.of(InfraTypes.displayName(op.operation())),
                Html.Cell.of(InfraTypes.text(op.cause())), Html.Cell.of(InfraTypes.text(op.vm())), Html.Cell.of(fromTo(op)),
                Html.Cell.of(op.endsAt().toString()), Html.Cell.numeric(op.phase() > 0 ? String.valueOf(op.phase()) : "outside")))
                .toList());
    }

    private static String fromTo(InfraOpLine op) {
        return InfraTypes.where(op.from()) + " → " + InfraTypes.where(op.to());
    }

    private static List<Html.Cell> operationRow(InfraOpLine op) {
        return List.of(Html.Cell.of(InfraTypes.displayName(op.operation())), Html.Cell.of(InfraTypes.text(op.vm())),
                Html.Cell.of(fromTo(op)), Html.Cell.of(op.startsAt().toString()),
                Html.Cell.numeric(Fmt.millis(op.spanMs())),
                Html.Cell.numeric(op.phase() > 0 ? String.valueOf(op.phase()) : "outside"),
                new Html.Cell(InfraTypes.text(op.outcome()).isEmpty() ? "not recorded" : op.outcome(), op.failed() ? "fail" : null),
                Html.Cell.of(InfraTypes.text(op.error())));
    }

    private static String orNotScored(double value) {
        return Double.isNaN(value) ? "not scored" : Fmt.fixed(value, 3);
    }
}
