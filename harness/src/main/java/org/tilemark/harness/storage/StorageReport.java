package org.tilemark.harness.storage;

import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.chart.ChartStyle;

/**
 * The storage run's readable output, from its results: {@code tables.txt}, {@code storage.csv},
 * {@code charts/*.png} (throughput, IOPS, response time and IOPS per % CPU against transfer size,
 * one line per pattern) and {@code report.html} holding the tables and charts.
 */
final class StorageReport {

    /** Random write, random read, sequential write, sequential read: dark enough on white. */
    private static final List<Color> COLORS = List.of(ChartStyle.RED, ChartStyle.BLUE, ChartStyle.ORANGE, ChartStyle.GREEN);

    private StorageReport() {
    }

    static void write(Path bundle, List<DataPointResult> results, StorageSettings settings, Optional<String> failure)
            throws IOException {
        Files.writeString(bundle.resolve("tables.txt"), StorageTables.all(results), StandardCharsets.UTF_8);
        Files.writeString(bundle.resolve("storage.csv"), csv(results), StandardCharsets.UTF_8);
        Files.createDirectories(bundle.resolve(BundleLayout.CHARTS));
        List<String> charts = List.of(
                chart(bundle, results, "storage-mbps.png", "Throughput vs transfer size", "MB/s", r -> r.io().megabytesPerSecond(), false),
                chart(bundle, results, "storage-iops.png", "IOPS vs transfer size", "IOPS", r -> r.io().iops(), false),
                chart(bundle, results, "storage-response-time.png", "Mean response time vs transfer size", "ms (log)",
                        r -> r.io().meanMs(), true),
                chart(bundle, results, "storage-iops-per-cpu.png", "IOPS per % host CPU vs transfer size", "IOPS per % CPU",
                        DataPointResult::iopsPerCpuPercent, false));
        Files.writeString(bundle.resolve(BundleLayout.REPORT), html(results, settings, failure, charts), StandardCharsets.UTF_8);
    }

    static String csv(List<DataPointResult> results) {
        StringBuilder s = new StringBuilder("pattern,sizeKb,vms,direct,iops,mbPerSecond,meanMs,p95Ms,p99Ms,maxMs,cpuPercent,"
                + "iopsPerCpuPercent,mbPerSecondPerCpuPercent,reads,writes,errors\n");
        for (DataPointResult r : results) {
            s.append(String.format(Locale.ROOT, "\"%s\",%d,%d,%b,%.1f,%.2f,%.3f,%.3f,%.3f,%.3f,%s,%s,%s,%d,%d,%d%n",
                    r.point().pattern(), r.point().sizeKb(), r.vms(), r.io().direct(), r.io().iops(), r.io().megabytesPerSecond(),
                    r.io().meanMs(), r.io().percentileMs(95), r.io().percentileMs(99), r.io().maxMs(), num(r.cpuPercent()),
                    num(r.iopsPerCpuPercent()), num(r.mbPerSecondPerCpuPercent()), r.io().reads(), r.io().writes(), r.io().errors()));
        }
        return s.toString();
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String chart(Path bundle, List<DataPointResult> results, String file, String title, String axis,
                                ToDoubleFunction<DataPointResult> value, boolean log) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (String pattern : StorageMatrix.PATTERNS) {
            XYSeries series = new XYSeries(pattern);
            for (int size : StorageTables.sizes(results)) {
                StorageTables.at(results, size, pattern).ifPresent(r -> {
                    double v = value.applyAsDouble(r);
                    if (!Double.isNaN(v) && (!log || v > 0)) {
                        series.add(size, v);
                    }
                });
            }
            data.addSeries(series);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(title, "transfer size (KB, log scale)", axis, data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        LogAxis sizes = new LogAxis("transfer size (KB, log scale)");
        sizes.setBase(2);
        sizes.setStandardTickUnits(org.jfree.chart.axis.NumberAxis.createIntegerTickUnits());
        plot.setDomainAxis(sizes);
        if (log) {
            plot.setRangeAxis(new LogAxis(axis));
        }
        sizes.setNumberFormatOverride(new java.text.DecimalFormat("0"));
        plot.setRenderer(ChartStyle.lines(true, COLORS.subList(0, StorageMatrix.PATTERNS.size())));
        return ChartStyle.writeReportChart(bundle, file, ChartStyle.style(chart));
    }

    private static String html(List<DataPointResult> results, StorageSettings settings, Optional<String> failure,
                               List<String> charts) {
        StringBuilder h = new StringBuilder("<!doctype html><html><head><meta charset=\"utf-8\"><title>Tilemark storage</title>"
                + "<style>body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}"
                + "td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}th{background:#f3f3f3}"
                + ".fail{color:#b00}</style></head><body><h1>Storage characterization</h1>");
        h.append("<p>").append(escape(settings.describe())).append(". ").append(results.size()).append(" data points.</p>");
        failure.ifPresent(f -> h.append("<p class=\"fail\">Run failed: ").append(escape(f))
                .append(" (the data points measured before are kept)</p>"));
        if (results.stream().anyMatch(r -> !r.io().direct())) {
            h.append("<p class=\"fail\">The filesystem refused O_DIRECT: data points marked <em>buffered</em> went through "
                    + "the page cache and do not measure the device.</p>");
        }
        for (StorageTables.Metric metric : StorageTables.METRICS) {
            h.append("<h2>").append(escape(metric.title())).append("</h2><table><tr><th>size</th>");
            StorageMatrix.PATTERNS.forEach(p -> h.append("<th>").append(escape(p)).append("</th>"));
            h.append("</tr>");
            for (int size : StorageTables.sizes(results)) {
                h.append("<tr><th>").append(size).append(" KB</th>");
                for (String pattern : StorageMatrix.PATTERNS) {
                    h.append("<td>").append(StorageTables.at(results, size, pattern)
                            .map(r -> StorageTables.cell(metric, r) + (r.io().direct() ? "" : " (buffered)")).orElse("-")).append("</td>");
                }
                h.append("</tr>");
            }
            h.append("</table>");
        }
        results.stream().filter(r -> !r.point().inMatrix())
                .forEach(r -> h.append("<p><b>").append(escape(r.point().label())).append("</b>: ")
                        .append(escape(StorageTables.progress(r))).append("</p>"));
        charts.forEach(c -> h.append("<p><img src=\"").append(c).append("\" alt=\"").append(c).append("\"></p>"));
        return h.append("</body></html>\n").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
