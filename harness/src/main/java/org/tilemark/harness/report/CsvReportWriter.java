package org.tilemark.harness.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.InfraOpLine;

/**
 * Writes intervals.csv (one row per interval × tile × workload, with per-operation count and p95
 * columns), summary.csv (one row per phase × tile × workload) and, when the run recorded
 * infra-ops.jsonl, infra-ops.csv (one row per infrastructure operation) for spreadsheets and scripts.
 */
public final class CsvReportWriter implements ReportWriter {
    static final String INTERVALS_CSV = BundleLayout.INTERVALS_CSV;
    static final String SUMMARY_CSV = BundleLayout.SUMMARY_CSV;
    static final String INFRA_OPS_CSV = BundleLayout.INFRA_OPS_CSV;

    static final List<String> INTERVAL_COLUMNS = List.of("interval", "stage", "phase", "tile",
            "workload", "start", "end", "durationMs", "metric", "throughput", "target", "attempts",
            "errors", "rollbacks", "scheduleLagP99Ms");
    static final List<String> SUMMARY_COLUMNS = List.of("phase", "tile", "workload", "metric",
            "throughput", "reference", "normalized", "scored", "passed", "attempts", "errors", "rollbacks",
            "scheduleLagP99Ms", "reasons", "source");
    static final List<String> INFRA_OP_COLUMNS = List.of("operation", "block", "vm", "role", "tile",
            "fromHost", "fromDatastore", "toHost", "toDatastore", "start", "end", "durationMs",
            "bytesMoved", "stunMs", "downtimeMs", "outcome", "error", "phase", "initiator", "cause");

    public CsvReportWriter() {
    }

    @Override
    public void write(Path bundle) throws IOException {
        BundleContents contents = BundleContents.load(bundle);
        BundleFiles.writeAtomically(bundle.resolve(INTERVALS_CSV), intervalsCsv(contents.intervals()));
        BundleFiles.writeAtomically(bundle.resolve(SUMMARY_CSV), summaryCsv(Summaries.of(contents)));
        // Only where the run recorded operations: older bundles keep their file list when rebuilt.
        if (contents.infraOps().recorded()) {
            BundleFiles.writeAtomically(bundle.resolve(INFRA_OPS_CSV), infraOpsCsv(contents.infraOps().all()));
        }
    }

    /**
     * In the order of infra-ops.jsonl, the platform's own moves (initiator {@code platform}) among Tilemark's
     * (initiator blank); absent numbers (a deploy's stun time) are blank.
     */
    static String infraOpsCsv(List<InfraOperation> operations) {
        Csv csv = new Csv().row(INFRA_OP_COLUMNS);
        for (InfraOperation op : operations) {
            csv.row(List.of(op.operation(), String.valueOf(op.block()), op.vm(), op.role(),
                    String.valueOf(op.tile()), op.from().host(), op.from().datastore(), op.to().host(),
                    op.to().datastore(), op.start().toString(), op.end().toString(), Fmt.plain(op.durationMs()),
                    Fmt.plain(op.bytesMoved()), Fmt.plain(op.stunMs()), Fmt.plain(op.downtimeMs()),
                    op.outcome(), op.error(), String.valueOf(op.phase()),
                    op.platformInitiated() ? InfraOpLine.PLATFORM : "", op.cause()));
        }
        return csv.toString();
    }

    static String intervalsCsv(List<IntervalRecord> intervals) {
        // Union over all workloads, so each operation keeps one column; blanks where absent.
        SortedSet<String> operations = new TreeSet<>();
        intervals.forEach(i -> operations.addAll(i.operations().keySet()));
        List<String> header = new ArrayList<>(INTERVAL_COLUMNS);
        operations.forEach(op -> {
            header.add(op + ".count");
            header.add(op + ".p95Ms");
        });
        Csv csv = new Csv().row(header);
        for (IntervalRecord i : intervals) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(i.interval()), i.stage(),
                    String.valueOf(i.phase()), String.valueOf(i.tile()), i.workload(),
                    i.start().toString(), i.end() == null ? "" : i.end().toString(),
                    String.valueOf(i.durationMs()), i.metric(), Fmt.plain(i.throughput()),
                    Fmt.plain(i.target()), String.valueOf(i.attempts()), String.valueOf(i.errors()),
                    String.valueOf(i.rollbacks()), Fmt.plain(i.scheduleLagP99Ms())));
            for (String op : operations) {
                OperationStats stats = i.operations().get(op);
                row.add(stats == null ? "" : String.valueOf(stats.count()));
                row.add(stats == null ? "" : Fmt.plain(stats.p95Ms()));
            }
            csv.row(row);
        }
        return csv.toString();
    }

    static String summaryCsv(List<WorkloadSummary> summaries) {
        Csv csv = new Csv().row(SUMMARY_COLUMNS);
        for (WorkloadSummary s : summaries) {
            csv.row(List.of(String.valueOf(s.phase()), String.valueOf(s.tile()), s.workload(),
                    s.metric(), Fmt.plain(s.throughput()), Fmt.plain(s.reference()),
                    Fmt.plain(s.normalized()), String.valueOf(s.scored()), s.passed() == null ? "" : String.valueOf(s.passed()),
                    String.valueOf(s.attempts()), String.valueOf(s.errors()),
                    String.valueOf(s.rollbacks()), Fmt.plain(s.scheduleLagP99Ms()),
                    String.join("; ", s.reasons()),
                    s.fromScore() ? BundleContents.SCORE_FILE : BundleContents.INTERVALS_FILE));
        }
        return csv.toString();
    }
}
