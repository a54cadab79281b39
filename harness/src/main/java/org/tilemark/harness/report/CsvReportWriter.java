package org.tilemark.harness.report;

import static org.tilemark.harness.report.InfraTypes.orNaN;
import static org.tilemark.harness.report.InfraTypes.text;

import org.tilemark.infra.platform.Placement;

import org.tilemark.harness.bundle.IntervalLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.CsvColumns;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.scoring.OperationStats;

/**
 * Writes intervals.csv (one row per interval × tile × workload, with per-operation count and p95
 * columns), summary.csv (one row per phase × tile × workload) and, when the run recorded
 * infra-ops.jsonl, infra-ops.csv (one row per infrastructure operation) for spreadsheets and scripts.
 */
public final class CsvReportWriter implements ReportWriter {
    public CsvReportWriter() {
    }

    @Override
    public void write(Path bundle) throws IOException {
        BundleContents contents = BundleContents.load(bundle);
        BundleFiles.writeAtomically(bundle.resolve(BundleLayout.INTERVALS_CSV), intervalsCsv(contents.intervals()));
        BundleFiles.writeAtomically(bundle.resolve(BundleLayout.SUMMARY_CSV), summaryCsv(Summaries.of(contents)));
        // Only where the run recorded operations: older bundles keep their file list when rebuilt.
        if (contents.infraOps().recorded()) {
            BundleFiles.writeAtomically(bundle.resolve(BundleLayout.INFRA_OPS_CSV), infraOpsCsv(contents.infraOps().all()));
        }
    }

    /**
     * In the order of infra-ops.jsonl, the platform's own moves (initiator {@code platform}) among Tilemark's
     * (initiator blank); absent numbers (a deploy's stun time) are blank.
     */
    static String infraOpsCsv(List<InfraOpLine> operations) {
        Csv csv = new Csv().row(CsvColumns.INFRA_OPS);
        for (InfraOpLine op : operations) {
            csv.row(List.of(op.operation(), String.valueOf(op.block()), text(op.vm()), text(op.role()),
                    String.valueOf(op.tile()), host(op.from()), datastore(op.from()), host(op.to()), datastore(op.to()),
                    op.startsAt().toString(), op.endsAt().toString(), Fmt.plain(op.spanMs()),
                    Fmt.plain(orNaN(op.bytesMoved())), Fmt.plain(orNaN(op.stunMs())), Fmt.plain(orNaN(op.downtimeMs())),
                    text(op.outcome()), text(op.error()), String.valueOf(op.phase()),
                    op.platformInitiated() ? InfraOpLine.PLATFORM : "", text(op.cause())));
        }
        return csv.toString();
    }

    private static String host(Placement at) {
        return at == null ? "" : text(at.host());
    }

    private static String datastore(Placement at) {
        return at == null ? "" : text(at.datastore());
    }

    static String intervalsCsv(List<IntervalLine> intervals) {
        // Union over all workloads, so each operation keeps one column; blanks where absent.
        SortedSet<String> operations = new TreeSet<>();
        intervals.forEach(i -> operations.addAll(i.measured().operations().keySet()));
        List<String> header = new ArrayList<>(CsvColumns.INTERVALS);
        operations.forEach(op -> header.addAll(CsvColumns.operationColumns(op)));
        Csv csv = new Csv().row(header);
        for (IntervalLine i : intervals) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(i.interval()), i.stage(),
                    String.valueOf(i.phase()), String.valueOf(i.tile()), i.workload(),
                    i.startsAt().toString(), i.endsAt() == null ? "" : i.endsAt().toString(),
                    String.valueOf(i.durationMs()), i.measured().metric(), Fmt.plain(i.measured().throughput()),
                    Fmt.plain(i.target()), String.valueOf(i.measured().attempts()), String.valueOf(i.measured().errors()),
                    String.valueOf(i.measured().rollbacks()), Fmt.plain(i.measured().scheduleLagP99Ms())));
            for (String op : operations) {
                OperationStats stats = i.measured().operations().get(op);
                row.add(stats == null ? "" : String.valueOf(stats.count()));
                row.add(stats == null ? "" : Fmt.plain(stats.p95Ms()));
            }
            csv.row(row);
        }
        return csv.toString();
    }

    static String summaryCsv(List<WorkloadSummary> summaries) {
        Csv csv = new Csv().row(CsvColumns.SUMMARY);
        for (WorkloadSummary s : summaries) {
            csv.row(List.of(String.valueOf(s.phase()), String.valueOf(s.tile()), s.workload(),
                    s.metric(), Fmt.plain(s.throughput()), Fmt.plain(s.reference()),
                    Fmt.plain(s.normalized()), String.valueOf(s.scored()), s.passed() == null ? "" : String.valueOf(s.passed()),
                    String.valueOf(s.attempts()), String.valueOf(s.errors()),
                    String.valueOf(s.rollbacks()), Fmt.plain(s.scheduleLagP99Ms()),
                    String.join("; ", s.reasons()),
                    s.fromScore() ? BundleLayout.SCORE : BundleLayout.INTERVALS));
        }
        return csv.toString();
    }
}
