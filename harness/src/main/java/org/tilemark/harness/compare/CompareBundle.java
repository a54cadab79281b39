package org.tilemark.harness.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.CompareFile;
import org.tilemark.harness.bundle.ResultsBundle;

import static org.tilemark.harness.bundle.CompareFile.finite;

/**
 * The compare bundle: compare.json (everything, machine-readable), compare.csv (one row per metric),
 * report.html with the side-by-side charts, and MANIFEST.sha256 over all of it, including the A and
 * B run bundles when they were run into it.
 */
final class CompareBundle {

    private CompareBundle() {
    }

    static void write(Path directory, String compareId, Comparison comparison) throws IOException {
        Files.createDirectories(directory);
        CompareVerdict verdict = comparison.verdict();
        ResultsBundle.writeCompare(directory, record(compareId, comparison, verdict));
        Files.writeString(directory.resolve(BundleLayout.COMPARE_CSV), csv(comparison));
        List<CompareCharts.Chart> charts = CompareCharts.write(comparison, directory);
        Files.writeString(directory.resolve(BundleLayout.REPORT), CompareHtml.page(compareId, comparison, verdict, charts));
        Manifest.write(directory);
    }

    private static CompareFile record(String compareId, Comparison comparison, CompareVerdict verdict) {
        return new CompareFile(compareId,
                new CompareFile.Verdict(verdict.outcome().word(), verdict.line(), comparison.sameTileScale()),
                comparison.level(), CompareTable.samplesNote(comparison), runs(comparison.a()), runs(comparison.b()),
                comparison.onlyA(), comparison.onlyB(), comparison.deltas().stream().map(CompareBundle::metric).toList());
    }

    private static CompareFile.Metric metric(MetricDelta d) {
        WelchTest.Difference x = d.difference();
        return new CompareFile.Metric(d.key(), d.label(), d.unit(), d.better().name().toLowerCase(Locale.ROOT), d.sampledPer(),
                x.samplesA(), x.samplesB(), d.meanKind(), finite(x.meanA()), finite(x.meanB()), finite(x.sdA()),
                finite(x.sdB()), finite(x.difference()), finite(x.low()), finite(x.high()), finite(x.percent()),
                finite(x.percentLow()), finite(x.percentHigh()), finite(x.degreesOfFreedom()), finite(x.pValue()),
                d.significant());
    }

    private static List<CompareFile.Run> runs(List<RunSamples> runs) {
        return runs.stream().map(r -> new CompareFile.Run(r.runId(), r.bundle().toString(), r.tiles(), r.tileScale(),
                r.scoreLine())).toList();
    }

    private static String csv(Comparison comparison) {
        StringBuilder csv = new StringBuilder();
        csv.append(csvRow(List.of("key", "metric", "unit", "sample per", "n A", "n B", "mean A", "mean B", "sd A",
                "sd B", "difference", "low", "high", "percent", "percent low", "percent high", "p", "significant")));
        for (MetricDelta d : comparison.deltas()) {
            WelchTest.Difference x = d.difference();
            csv.append(csvRow(List.of(d.key(), d.label(), d.unit(), d.sampledPer(), "" + x.samplesA(), "" + x.samplesB(),
                    plain(x.meanA()), plain(x.meanB()), plain(x.sdA()), plain(x.sdB()), plain(x.difference()),
                    plain(x.low()), plain(x.high()), plain(x.percent()), plain(x.percentLow()), plain(x.percentHigh()),
                    plain(x.pValue()), Boolean.toString(d.significant()))));
        }
        return csv.toString();
    }

    private static String plain(double value) {
        return Double.isFinite(value) ? Double.toString(value) : "";
    }

    /** RFC 4180: quote fields holding a comma or a quote. */
    private static String csvRow(List<String> fields) {
        return fields.stream().map(f -> f.contains(",") || f.contains("\"") ? '"' + f.replace("\"", "\"\"") + '"' : f)
                .collect(Collectors.joining(",")) + "\r\n";
    }
}
