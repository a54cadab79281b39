package org.tilemark.harness.report;

import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.IntervalLine;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tilemark.harness.chart.ChartStyle;

/**
 * Renders charts/*.png with JFreeChart, headless. Per tile × workload: throughput over time
 * (warm-up and measured intervals as separate series, target as a dashed line, phase boundaries
 * marked), p95 latency per operation over time, and a bar chart of p95/p99 per operation; and,
 * when the run had infrastructure operations, their timeline ({@link InfraTimelineChart}).
 */
public final class ChartWriter implements ReportWriter {
    static final int WIDTH_PX = 1000;
    static final int HEIGHT_PX = 450;
    static final float KEY_OPERATION_STROKE_PX = 3.5f;
    private static final Color WARMUP_SHADE = new Color(0xE0, 0xE0, 0xE0, 0x90);

    public ChartWriter() {
    }

    @Override
    public void write(Path bundle) throws IOException {
        BundleContents contents = BundleContents.load(bundle);
        List<WorkloadSummary> summaries = Summaries.of(contents);
        Instant origin = contents.intervals().stream().map(IntervalLine::startsAt)
                .min(Comparator.naturalOrder()).orElse(Instant.EPOCH);
        for (ChartSpec spec : ChartSpec.planFor(contents)) {
            List<IntervalLine> intervals = contents.intervals(spec.tile(), spec.workload());
            JFreeChart chart = switch (spec.kind()) {
                case THROUGHPUT -> throughputChart(spec, intervals, origin);
                case LATENCY_P95 -> latencyChart(spec, intervals, origin);
                case OPERATIONS_P95_P99 -> operationsChart(spec, summaries.stream()
                        .filter(s -> s.tile() == spec.tile() && s.workload().equals(spec.workload()))
                        .toList());
            };
            writePng(bundle, spec.fileName(), chart);
        }
        if (!contents.infraOps().isEmpty()) {
            writePng(bundle, InfraTimelineChart.FILE_NAME, InfraTimelineChart.chart(contents));
        }
    }

    private static void writePng(Path bundle, String fileName, JFreeChart chart) throws IOException {
        BundleFiles.writeAtomically(bundle.resolve(BundleLayout.CHARTS).resolve(fileName),
                ChartStyle.png(chart, WIDTH_PX, HEIGHT_PX));
    }

    /** Minutes since the first interval of the run, at the interval's midpoint. */
    private static double minutesAt(IntervalLine interval, Instant origin) {
        Instant end = interval.endsAt() != null ? interval.endsAt()
                : interval.startsAt().plusMillis(interval.durationMs());
        long midMs = Duration.between(origin, interval.startsAt()).toMillis()
                + Duration.between(interval.startsAt(), end).toMillis() / 2;
        return midMs / 60_000.0;
    }

    private static double minutesAtStart(IntervalLine interval, Instant origin) {
        return Duration.between(origin, interval.startsAt()).toMillis() / 60_000.0;
    }

    private JFreeChart throughputChart(ChartSpec spec, List<IntervalLine> intervals, Instant origin) {
        String metric = intervals.isEmpty() ? "" : intervals.getFirst().measured().metric();
        XYSeries measured = new XYSeries("measured");
        XYSeries warmup = new XYSeries("warm-up");
        XYSeries target = new XYSeries("target");
        for (IntervalLine interval : intervals) {
            double x = minutesAt(interval, origin);
            if (!Double.isNaN(interval.measured().throughput())) {
                (interval.warmup() ? warmup : measured).add(x, interval.measured().throughput());
            }
            if (!Double.isNaN(interval.target())) {
                target.add(x, interval.target());
            }
        }
        XYSeriesCollection dataset = new XYSeriesCollection();
        dataset.addSeries(measured);
        dataset.addSeries(warmup);
        dataset.addSeries(target);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setSeriesPaint(0, ChartStyle.BLUE);
        renderer.setSeriesPaint(1, ChartStyle.ORANGE);
        renderer.setSeriesPaint(2, ChartStyle.GREEN);
        renderer.setSeriesShapesVisible(2, false);
        renderer.setSeriesStroke(2, new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                10f, new float[] {6f, 4f}, 0f));
        XYPlot plot = xyPlot(dataset, renderer, metric.isEmpty() ? "throughput" : metric);
        ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(true);
        markStages(plot, intervals, origin);
        return chart(spec.title(), plot);
    }

    JFreeChart latencyChart(ChartSpec spec, List<IntervalLine> intervals, Instant origin) {
        Map<String, XYSeries> byOperation = new TreeMap<>();
        for (IntervalLine interval : intervals) {
            double x = minutesAt(interval, origin);
            interval.measured().operations().forEach((name, stats) -> {
                if (stats.count() > 0 && stats.p95Ms() > 0) {
                    byOperation.computeIfAbsent(name, XYSeries::new).add(x, stats.p95Ms());
                }
            });
        }
        // The operation the workload's QoS hinges on (mail's send) comes first, drawn thicker.
        String key = WorkloadViews.keyOperation(spec.workload()).filter(byOperation::containsKey).orElse(null);
        XYSeriesCollection dataset = new XYSeriesCollection();
        if (key != null) {
            dataset.addSeries(byOperation.remove(key));
        }
        byOperation.values().forEach(dataset::addSeries);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int series = 0; series < dataset.getSeriesCount(); series++) {
            renderer.setSeriesPaint(series, ChartStyle.palette(series));
        }
        if (key != null) {
            renderer.setSeriesStroke(0, new BasicStroke(KEY_OPERATION_STROKE_PX));
        }
        XYPlot plot = xyPlot(dataset, renderer, "p95 latency (ms)");
        // Operations differ by orders of magnitude (login vs purchase): a log scale keeps all visible.
        LogarithmicAxis latency = new LogarithmicAxis("p95 latency (ms, log scale)");
        latency.setStrictValuesFlag(false); // a zero would otherwise throw; such points are skipped above
        latency.setAutoRangeNextLogFlag(true); // range from one power of ten to the next: 1, 10, 100 …
        plot.setRangeAxis(latency);
        markStages(plot, intervals, origin);
        return chart(spec.title(), plot);
    }

    private static XYPlot xyPlot(XYSeriesCollection dataset, XYLineAndShapeRenderer renderer,
                                 String rangeLabel) {
        NumberAxis time = new NumberAxis("minutes since first interval");
        time.setAutoRangeIncludesZero(false);
        NumberAxis range = new NumberAxis(rangeLabel);
        return ChartStyle.style(new XYPlot(dataset, time, range, renderer));
    }

    /** Shades warm-up intervals and draws a labelled line where each measured phase begins. */
    private static void markStages(XYPlot plot, List<IntervalLine> intervals, Instant origin) {
        List<IntervalLine> warmups = intervals.stream().filter(IntervalLine::warmup).toList();
        if (!warmups.isEmpty()) {
            double from = warmups.stream().mapToDouble(i -> minutesAtStart(i, origin)).min().orElse(0);
            double to = warmups.stream().mapToDouble(i -> 2 * minutesAt(i, origin) - minutesAtStart(i, origin))
                    .max().orElse(from);
            IntervalMarker shade = new IntervalMarker(from, to, WARMUP_SHADE);
            shade.setLabel("warm-up");
            shade.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            shade.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            plot.addDomainMarker(shade, Layer.BACKGROUND);
        }
        Map<Integer, Double> phaseStarts = new TreeMap<>();
        intervals.stream().filter(i -> !i.warmup()).forEach(i ->
                phaseStarts.merge(i.phase(), minutesAtStart(i, origin), Math::min));
        phaseStarts.forEach((phase, startMinutes) ->
                plot.addDomainMarker(ChartStyle.phaseStart(startMinutes, "phase " + phase)));
    }

    /** One p95 and one p99 bar per phase. */
    private JFreeChart operationsChart(ChartSpec spec, List<WorkloadSummary> phases) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        boolean onePhase = phases.size() == 1;
        for (WorkloadSummary phase : phases) {
            String prefix = onePhase ? "" : "phase " + phase.phase() + " ";
            WorkloadViews.keyOperationFirst(phase.workload(), phase.operations()).forEach((name, stats) -> {
                if (stats.count() > 0) {
                    addIfKnown(dataset, stats.p95Ms(), prefix + "p95", name);
                    addIfKnown(dataset, stats.p99Ms(), prefix + "p99", name);
                }
            });
        }
        CategoryPlot plot = new CategoryPlot(dataset, new CategoryAxis("operation"),
                new NumberAxis("latency (ms)"), new BarRenderer());
        plot.setOrientation(PlotOrientation.VERTICAL);
        ChartStyle.style(plot);
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        for (int series = 0; series < dataset.getRowCount(); series++) {
            // p95 and p99 of one phase share a hue; p99 is the darker bar.
            Color hue = ChartStyle.palette(series / 2);
            renderer.setSeriesPaint(series, series % 2 == 0 ? hue : hue.darker());
        }
        // Short operations would be invisible next to slow ones without their value printed.
        renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}",
                new DecimalFormat("#,##0.#", DecimalFormatSymbols.getInstance(Locale.ROOT))));
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(ChartStyle.VALUE_FONT);
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.05);
        return chart(spec.title() + " (measured phases)", plot);
    }

    private static void addIfKnown(DefaultCategoryDataset dataset, double value, String series,
                                   String operation) {
        if (!Double.isNaN(value)) {
            dataset.addValue(value, series, operation);
        }
    }

    private static JFreeChart chart(String title, Plot plot) {
        return ChartStyle.chart(title, plot);
    }
}
