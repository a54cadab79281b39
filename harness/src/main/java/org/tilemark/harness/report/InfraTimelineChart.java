package org.tilemark.harness.report;

import org.tilemark.harness.bundle.InfraOpLine;

import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.IntervalLine;
import java.awt.BasicStroke;
import java.awt.Color;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tilemark.harness.chart.ChartStyle;

/**
 * charts/infra-timeline.png: one lane per operation type, each operation a bar from its start to
 * its end (failed ones red), under each workload's p95 latency per interval on a second axis, so a
 * migration's effect on latency shows. Seconds count from the first measured interval's start, or
 * from the first operation when there are no measured intervals.
 */
final class InfraTimelineChart {
    static final String FILE_NAME = "infra-timeline.png";
    static final String RELATIVE_PATH = BundleLayout.CHARTS + "/" + FILE_NAME;
    static final String TITLE = "Infrastructure operations over time, with p95 latency";
    /** Share of a lane its bars fill; the rest keeps neighbouring lanes apart. */
    private static final double LANE_FILL = 0.7;
    private static final Color SUCCEEDED = ChartStyle.BLUE;
    private static final Color FAILED = ChartStyle.RED;
    /** No blue or red: those are the bars'. */
    private static final List<Color> LATENCY_COLOURS = List.of(ChartStyle.GREEN, ChartStyle.PURPLE, ChartStyle.ORANGE,
            ChartStyle.BROWN, ChartStyle.PINK, ChartStyle.CYAN);

    private InfraTimelineChart() {
    }

    static JFreeChart chart(BundleContents contents) {
        List<InfraOpLine> operations = contents.infraOps().operations();
        List<IntervalLine> measured = contents.intervals().stream().filter(i -> !i.warmup()).toList();
        Instant origin = (measured.isEmpty() ? operations.stream().map(InfraOpLine::startsAt)
                : measured.stream().map(IntervalLine::startsAt)).min(Comparator.naturalOrder()).orElse(Instant.EPOCH);
        List<String> lanes = operations.stream().map(InfraOpLine::operation).distinct()
                .sorted(InfraTypes.TYPE_ORDER).toList();
        XYPlot plot = new XYPlot(bars(operations, lanes, origin),
                new NumberAxis(measured.isEmpty() ? "seconds since the first operation"
                        : "seconds since the first measured interval"),
                new SymbolAxis("operation", lanes.stream().map(InfraTypes::displayName).toArray(String[]::new)),
                barRenderer());
        ChartStyle.style(plot);
        ((NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(false);
        latencyOverlay(plot, contents, origin);
        markPhases(plot, measured, origin);
        return ChartStyle.chart(TITLE, plot);
    }

    /** Operations of a type that overlap in time get rows of their own within the lane, so none hides another. */
    private static XYIntervalSeriesCollection bars(List<InfraOpLine> operations, List<String> lanes, Instant origin) {
        XYIntervalSeries succeeded = new XYIntervalSeries("succeeded");
        XYIntervalSeries failed = new XYIntervalSeries("failed");
        for (int lane = 0; lane < lanes.size(); lane++) {
            String type = lanes.get(lane);
            List<InfraOpLine> ofType = operations.stream().filter(op -> op.operation().equals(type))
                    .sorted(Comparator.comparing(InfraOpLine::startsAt)).toList();
            List<Instant> rowEnds = new ArrayList<>();
            int[] rowOf = new int[ofType.size()];
            for (int i = 0; i < ofType.size(); i++) {
                InfraOpLine op = ofType.get(i);
                int row = 0;
                while (row < rowEnds.size() && rowEnds.get(row).isAfter(op.startsAt())) {
                    row++;
                }
                if (row == rowEnds.size()) {
                    rowEnds.add(op.endsAt());
                } else {
                    rowEnds.set(row, op.endsAt());
                }
                rowOf[i] = row;
            }
            double height = LANE_FILL / Math.max(1, rowEnds.size());
            for (int i = 0; i < ofType.size(); i++) {
                InfraOpLine op = ofType.get(i);
                double low = lane - LANE_FILL / 2 + rowOf[i] * height;
                double from = seconds(origin, op.startsAt());
                double to = Math.max(from, seconds(origin, op.endsAt()));
                (op.failed() ? failed : succeeded).add(from, from, to, low + height / 2, low + height * 0.1,
                        low + height * 0.9);
            }
        }
        XYIntervalSeriesCollection dataset = new XYIntervalSeriesCollection();
        dataset.addSeries(succeeded);
        dataset.addSeries(failed);
        return dataset;
    }

    private static XYBarRenderer barRenderer() {
        XYBarRenderer renderer = new XYBarRenderer();
        renderer.setUseYInterval(true);
        renderer.setBarPainter(new StandardXYBarPainter());
        renderer.setShadowVisible(false);
        renderer.setSeriesPaint(0, SUCCEEDED);
        renderer.setSeriesPaint(1, FAILED);
        // The outline keeps a seconds-long operation visible on an hours-long axis.
        renderer.setDrawBarOutline(true);
        renderer.setSeriesOutlinePaint(0, SUCCEEDED.darker());
        renderer.setSeriesOutlinePaint(1, FAILED.darker());
        renderer.setSeriesOutlineStroke(0, new BasicStroke(1.5f));
        renderer.setSeriesOutlineStroke(1, new BasicStroke(1.5f));
        return renderer;
    }

    /**
     * Each workload's p95 per interval, of tile 1 (or the lowest tile) so the lines stay readable:
     * its key operation's (mail's send) where it has one, else its slowest operation's.
     */
    private static void latencyOverlay(XYPlot plot, BundleContents contents, Instant origin) {
        if (contents.tiles().isEmpty()) {
            return;
        }
        int tile = contents.tiles().first();
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (String workload : contents.workloads(tile)) {
            String key = WorkloadViews.keyOperation(workload).orElse(null);
            XYSeries series = new XYSeries(workload + " p95 (" + (key == null ? "slowest op" : key) + ")");
            for (IntervalLine interval : contents.intervals(tile, workload)) {
                double p95 = interval.measured().operations().entrySet().stream()
                        .filter(e -> key == null || e.getKey().equals(key))
                        .filter(e -> e.getValue().count() > 0)
                        .mapToDouble(e -> e.getValue().p95Ms()).filter(v -> v > 0).max().orElse(Double.NaN);
                if (!Double.isNaN(p95)) {
                    Instant start = interval.startsAt();
                    double middle = (seconds(origin, start) + seconds(origin, InfraSummaries.endOf(interval))) / 2;
                    series.add(middle, p95);
                }
            }
            if (!series.isEmpty()) {
                dataset.addSeries(series);
            }
        }
        if (dataset.getSeriesCount() == 0) {
            return;
        }
        // Workloads differ by orders of magnitude: a log scale keeps all of them visible.
        LogarithmicAxis latency = new LogarithmicAxis("p95 latency (ms, log scale), tile " + tile);
        latency.setStrictValuesFlag(false);
        latency.setAutoRangeNextLogFlag(true);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int series = 0; series < dataset.getSeriesCount(); series++) {
            renderer.setSeriesPaint(series, LATENCY_COLOURS.get(series % LATENCY_COLOURS.size()));
            renderer.setSeriesStroke(series, new BasicStroke(1.5f));
        }
        plot.setDataset(1, dataset);
        plot.setRangeAxis(1, latency);
        plot.mapDatasetToRangeAxis(1, 1);
        plot.setRenderer(1, renderer);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD); // lines over the bars
    }

    private static void markPhases(XYPlot plot, List<IntervalLine> measured, Instant origin) {
        Map<Integer, Double> starts = new TreeMap<>();
        measured.forEach(i -> starts.merge(i.phase(), seconds(origin, i.startsAt()), Math::min));
        starts.forEach((phase, at) -> plot.addDomainMarker(ChartStyle.phaseStart(at, "phase " + phase)));
    }

    private static double seconds(Instant origin, Instant at) {
        return Duration.between(origin, at).toMillis() / 1000.0;
    }
}
