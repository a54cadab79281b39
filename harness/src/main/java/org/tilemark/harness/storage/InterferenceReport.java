package org.tilemark.harness.storage;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.chart.ChartStyle;

/** The interference run's per-interval table, per-step summary with the drop verdict, chart and report. */
final class InterferenceReport {

    private InterferenceReport() {
    }

    static String progress(StorageInterferenceRun.IntervalResult r) {
        return String.format(Locale.ROOT, "[interval %d] %-28s %,9.0f IOPS %8.1f MB/s mean %6.2f ms p95 %6.2f ms, %d create/delete%s",
                r.index(), r.schedule().label(), r.io().io().iops(), r.io().io().megabytesPerSecond(), r.io().io().meanMs(),
                r.io().io().percentileMs(95), r.metadata().pairs(),
                r.metadata().pairs() > 0 ? String.format(Locale.ROOT, " (%.0f ms each)", r.metadata().meanMs()) : "");
    }

    private static OptionalDouble stepMean(List<StorageInterferenceRun.IntervalResult> results, int step,
                                           java.util.function.ToDoubleFunction<StorageInterferenceRun.IntervalResult> value) {
        return results.stream().filter(r -> r.step() == step).mapToDouble(value).average();
    }

    /** Per step: mean IOPS and response time, change against the baseline, and the verdict line. */
    static String summary(List<StorageInterferenceRun.IntervalResult> results, InterferenceSchedule schedule) {
        StringBuilder s = new StringBuilder("Create/delete interval        IOPS    change   mean ms   p95 ms   pairs\n");
        OptionalDouble baseline = stepMean(results, 0, r -> r.io().io().iops());
        String verdict = null;
        for (int step = 0; step < schedule.steps().size(); step++) {
            int st = step;
            OptionalDouble iops = stepMean(results, step, r -> r.io().io().iops());
            if (iops.isEmpty()) {
                continue;
            }
            double change = baseline.isPresent() && baseline.getAsDouble() > 0
                    ? 100.0 * (iops.getAsDouble() - baseline.getAsDouble()) / baseline.getAsDouble() : 0;
            long pairs = results.stream().filter(r -> r.step() == st).mapToLong(r -> r.metadata().pairs()).sum();
            s.append(String.format(Locale.ROOT, "%-28s %,9.0f %+8.1f %% %8.2f %8.2f %7d%n", schedule.steps().get(step).label(),
                    iops.getAsDouble(), change, stepMean(results, step, r -> r.io().io().meanMs()).orElse(0),
                    stepMean(results, step, r -> r.io().io().percentileMs(95)).orElse(0), pairs));
            if (verdict == null && step > 0 && change < -StorageInterferenceRun.DROP_PERCENT) {
                verdict = "I/O drops more than " + (int) StorageInterferenceRun.DROP_PERCENT + " % below the baseline at "
                        + schedule.steps().get(step).label() + " (" + String.format(Locale.ROOT, "%+.1f %%", change) + ")";
            }
        }
        s.append(verdict != null ? verdict : "No step dropped I/O more than " + (int) StorageInterferenceRun.DROP_PERCENT
                + " % below the baseline").append('\n');
        return s.toString();
    }

    static void write(Path bundle, List<StorageInterferenceRun.IntervalResult> results, InterferenceSchedule schedule,
                      String summary) throws IOException {
        StringBuilder csv = new StringBuilder("interval,step,createDeleteEvery,iops,mbPerSecond,meanMs,p95Ms,metadataPairs,metadataMeanMs\n");
        for (var r : results) {
            csv.append(String.format(Locale.ROOT, "%d,%d,\"%s\",%.1f,%.2f,%.3f,%.3f,%d,%.1f%n", r.index(), r.step(),
                    r.schedule().label(), r.io().io().iops(), r.io().io().megabytesPerSecond(), r.io().io().meanMs(),
                    r.io().io().percentileMs(95), r.metadata().pairs(), r.metadata().meanMs()));
        }
        Files.writeString(bundle.resolve("interference.csv"), csv, StandardCharsets.UTF_8);
        Files.writeString(bundle.resolve("interference.txt"), summary, StandardCharsets.UTF_8);
        String chart = ChartStyle.writeReportChart(bundle, "interference.png", chart(results, schedule));
        String html = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Tilemark storage interference</title>"
                + "<style>body{font-family:sans-serif;margin:2em}</style></head><body><h1>Metadata interference</h1><pre>"
                + summary.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                + "</pre><p><img src=\"" + chart + "\" alt=\"IOPS and response time per interval\"></p></body></html>\n";
        Files.writeString(bundle.resolve(BundleLayout.REPORT), html, StandardCharsets.UTF_8);
    }

    private static JFreeChart chart(List<StorageInterferenceRun.IntervalResult> results, InterferenceSchedule schedule)
            throws IOException {
        XYSeries iops = new XYSeries("IOPS");
        XYSeries mean = new XYSeries("mean response time (ms)");
        for (var r : results) {
            iops.add(r.index(), r.io().io().iops());
            mean.add(r.index(), r.io().io().meanMs());
        }
        XYPlot plot = new XYPlot(new XYSeriesCollection(iops), new NumberAxis("I/O interval"), new NumberAxis("IOPS"),
                ChartStyle.lines(true, List.of(ChartStyle.BLUE)));
        plot.setDataset(1, new XYSeriesCollection(mean));
        plot.setRangeAxis(1, new NumberAxis("mean response time (ms)"));
        plot.mapDatasetToRangeAxis(1, 1);
        plot.setRenderer(1, ChartStyle.lines(true, List.of(ChartStyle.RED)));
        int previous = -1;
        for (var r : results) {
            if (r.step() != previous) {
                ValueMarker marker = new ValueMarker(r.index() - 0.5, Color.GRAY, new BasicStroke(1f));
                marker.setLabel(r.schedule().every().map(d -> d.isZero() ? "0 s" : InterferenceSchedule.Fmt.seconds(d)).orElse("base"));
                marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
                marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
                plot.addDomainMarker(marker);
                previous = r.step();
            }
        }
        JFreeChart chart = ChartStyle.chart("I/O per interval against the create/delete interval (markers)",
                ChartStyle.style(plot));
        return chart;
    }
}
