package org.tilemark.harness.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.bundle.BundleLayout;

/**
 * The compare bundle: compare.json (everything, machine-readable), compare.csv (one row per metric),
 * report.html with the side-by-side charts, and MANIFEST.sha256 over all of it, including the A and
 * B run bundles when they were run into it.
 */
final class CompareBundle {
    static final String JSON_FILE = "compare.json";
    static final String CSV_FILE = "compare.csv";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CompareBundle() {
    }

    static void write(Path directory, String compareId, Comparison comparison) throws IOException {
        Files.createDirectories(directory);
        CompareVerdict verdict = comparison.verdict();
        JSON.writeValue(directory.resolve(JSON_FILE).toFile(), json(compareId, comparison, verdict));
        Files.writeString(directory.resolve(CSV_FILE), csv(comparison));
        List<CompareCharts.Chart> charts = CompareCharts.write(comparison, directory);
        Files.writeString(directory.resolve(BundleLayout.REPORT), CompareHtml.page(compareId, comparison, verdict, charts));
        Manifest.write(directory);
    }

    private static ObjectNode json(String compareId, Comparison comparison, CompareVerdict verdict) {
        ObjectNode root = JSON.createObjectNode();
        root.put("compareId", compareId);
        ObjectNode v = root.putObject("verdict");
        v.put("outcome", verdict.outcome().word());
        v.put("line", verdict.line());
        v.put("sameTileScale", comparison.sameTileScale());
        root.put("level", comparison.level());
        root.put("samples", CompareTable.samplesNote(comparison));
        runs(root.putArray("a"), comparison.a());
        runs(root.putArray("b"), comparison.b());
        comparison.onlyA().forEach(root.putArray("onlyInA")::add);
        comparison.onlyB().forEach(root.putArray("onlyInB")::add);
        ArrayNode metrics = root.putArray("metrics");
        for (MetricDelta d : comparison.deltas()) {
            WelchTest.Difference diff = d.difference();
            ObjectNode m = metrics.addObject();
            m.put("key", d.key()).put("label", d.label()).put("unit", d.unit())
                    .put("better", d.better().name().toLowerCase(java.util.Locale.ROOT)).put("samplePer", d.sampledPer())
                    .put("samplesA", diff.samplesA()).put("samplesB", diff.samplesB()).put("mean", d.meanKind());
            number(m, "meanA", diff.meanA());
            number(m, "meanB", diff.meanB());
            number(m, "sdA", diff.sdA());
            number(m, "sdB", diff.sdB());
            number(m, "difference", diff.difference());
            number(m, "low", diff.low());
            number(m, "high", diff.high());
            number(m, "percent", diff.percent());
            number(m, "percentLow", diff.percentLow());
            number(m, "percentHigh", diff.percentHigh());
            number(m, "degreesOfFreedom", diff.degreesOfFreedom());
            number(m, "pValue", diff.pValue());
            m.put("significant", d.significant());
        }
        return root;
    }

    private static void runs(ArrayNode into, List<RunSamples> runs) {
        runs.forEach(r -> into.addObject().put("runId", r.runId()).put("bundle", r.bundle().toString())
                .put("tiles", r.tiles()).put("tileScale", r.tileScale()).put("scoreLine", r.scoreLine()));
    }

    /** JSON has no NaN or infinity: those are null. */
    private static void number(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
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
