package org.tilemark.harness.compare;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.chart.ChartStyle;

/**
 * Side-by-side bars of A and B per metric, each as a percentage of A's mean (so metrics of different
 * units share an axis); B's error bar is the 95 % interval of the difference, so a bar whose
 * whisker stays clear of 100 % moved beyond noise (before the correction for many metrics).
 */
final class CompareCharts {
    private static final int WIDTH_PX = 1200;
    private static final int HEIGHT_PX = 520;

    /** One chart: its file, title and which metrics it shows. */
    record Chart(String fileName, String title, Predicate<MetricDelta> shows) {
        String relativePath() {
            return BundleLayout.CHARTS + "/" + fileName;
        }
    }

    static final List<Chart> CHARTS = List.of(
            new Chart("scores-and-throughput.png", "Scores, throughput and infrastructure rates (A = 100 %)",
                    d -> d.better() == MetricSamples.Better.HIGHER),
            new Chart("latencies.png", "Latency percentiles per operation (A = 100 %)",
                    d -> d.better() == MetricSamples.Better.LOWER && d.unit().equals("ms")),
            new Chart("infra-durations.png", "Infrastructure operation durations and CPU (A = 100 %)",
                    d -> !d.unit().equals("ms") && d.better() != MetricSamples.Better.HIGHER));

    private CompareCharts() {
    }

    /** Writes the charts that have data; returns them. */
    static List<Chart> write(Comparison comparison, Path directory) throws IOException {
        List<Chart> written = new ArrayList<>();
        for (Chart chart : CHARTS) {
            List<MetricDelta> shown = comparison.deltas().stream().filter(chart.shows())
                    .filter(d -> d.difference().meanA() != 0).toList();
            if (!shown.isEmpty()) {
                byte[] png = ChartStyle.png(render(chart.title(), shown), WIDTH_PX, HEIGHT_PX);
                Files.createDirectories(directory.resolve(BundleLayout.CHARTS));
                Files.write(directory.resolve(chart.relativePath()), png);
                written.add(chart);
            }
        }
        return written;
    }

    private static JFreeChart render(String title, List<MetricDelta> shown) {
        DefaultStatisticalCategoryDataset dataset = new DefaultStatisticalCategoryDataset();
        for (MetricDelta d : shown) {
            WelchTest.Difference diff = d.difference();
            String category = d.label() + (d.significant() ? " *" : "");
            // Ratios have asymmetric intervals; the renderer draws symmetric whiskers: half the width.
            double halfWidth = diff.testable() ? (diff.percentHigh() - diff.percentLow()) / 2 : 0;
            dataset.add(100.0, 0.0, "A", category);
            dataset.add(100 + diff.percent(), halfWidth, "B", category);
        }
        StatisticalBarRenderer renderer = new StatisticalBarRenderer();
        renderer.setSeriesPaint(0, ChartStyle.BLUE);
        renderer.setSeriesPaint(1, ChartStyle.RED);
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setErrorIndicatorPaint(Color.DARK_GRAY);
        CategoryPlot plot = new CategoryPlot(dataset, new CategoryAxis("metric (* = significant)"),
                new NumberAxis("% of A's mean (B's error bar: 95 % CI of B - A)"), renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        ChartStyle.style(plot);
        plot.addRangeMarker(new ValueMarker(100, Color.GRAY, new java.awt.BasicStroke(1f)));
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        return ChartStyle.chart(title, plot);
    }
}
