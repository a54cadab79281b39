package org.tilemark.harness.search;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tilemark.harness.report.Csv;
import org.tilemark.harness.report.Html;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.chart.ChartStyle;

/** The search's scaling.csv, charts and report.html, then its manifest (which covers every step's bundle). */
final class SearchReport {

    private static final List<Color> COLORS = List.of(ChartStyle.BLUE, ChartStyle.GREEN, ChartStyle.ORANGE);

    private SearchReport() {
    }

    static void write(Path directory, SearchOutcome outcome, SearchShape shape) throws IOException {
        List<SearchStep> steps = outcome.steps();
        Csv csv = new Csv().row(SearchTable.HEADERS);
        SearchTable.rows(steps).forEach(csv::row);
        Files.writeString(directory.resolve("scaling.csv"), csv.toString());
        Files.createDirectories(directory.resolve(BundleLayout.CHARTS));
        List<String> charts = new ArrayList<>();
        if (!steps.isEmpty()) {
            XYSeriesCollection byTiles = new XYSeriesCollection();
            byTiles.addSeries(series("score", steps, s -> OptionalDouble.of(s.tiles()), SearchStep::score));
            byTiles.addSeries(series("application", steps, s -> OptionalDouble.of(s.tiles()), SearchStep::application));
            byTiles.addSeries(series("infrastructure", steps, s -> OptionalDouble.of(s.tiles()), SearchStep::infrastructure));
            charts.add(chart(directory, "score-vs-tiles.png", "Score and sub-scores vs tiles", "tiles", byTiles, true));
            XYSeriesCollection byCpu = new XYSeriesCollection();
            byCpu.addSeries(series("score", steps, SearchStep::clusterCpu, SearchStep::score));
            charts.add(chart(directory, "score-vs-cpu.png", "Score vs cluster CPU utilization", "cluster CPU %", byCpu, false));
        }
        Files.writeString(directory.resolve(BundleLayout.REPORT), html(outcome, charts, shape));
        Manifest.write(directory);
    }

    private static XYSeries series(String name, List<SearchStep> steps, Function<SearchStep, OptionalDouble> x,
                                   Function<SearchStep, OptionalDouble> y) {
        XYSeries series = new XYSeries(name, true, true);
        for (SearchStep s : steps) {
            OptionalDouble xv = x.apply(s);
            OptionalDouble yv = y.apply(s);
            if (xv.isPresent() && yv.isPresent()) {
                series.add(xv.getAsDouble(), yv.getAsDouble());
            }
        }
        return series;
    }

    private static String chart(Path directory, String file, String title, String xLabel, XYSeriesCollection data,
                                boolean lines) throws IOException {
        JFreeChart chart = ChartFactory.createXYLineChart(title, xLabel, "score", data, PlotOrientation.VERTICAL,
                true, false, false);
        XYPlot plot = chart.getXYPlot();
        if (lines) {
            ((NumberAxis) plot.getDomainAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
        plot.setRenderer(ChartStyle.lines(lines, COLORS.subList(0, Math.min(COLORS.size(), data.getSeriesCount()))));
        return ChartStyle.writeReportChart(directory, file, ChartStyle.style(chart));
    }

    private static String html(SearchOutcome outcome, List<String> charts, SearchShape shape) {
        Html html = new Html().raw("<!doctype html><html><head><meta charset=\"utf-8\"><title>Tilemark search</title>"
                + "<style>body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse;margin:1em 0}"
                + "td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}td.num{text-align:right}</style></head><body>\n");
        html.heading(1, "Tilemark search: " + outcome.headline());
        html.list(outcome.explanation());
        List<List<Html.Cell>> rows = new ArrayList<>();
        for (List<String> row : SearchTable.rows(outcome.steps())) {
            rows.add(row.stream().map(Html.Cell::of).toList());
        }
        html.heading(2, "Scaling table");
        html.table(SearchTable.HEADERS, rows);
        html.paragraph(shape.description());
        for (String chart : charts) {
            html.raw("<p><img src=\"" + Html.escape(chart) + "\" alt=\"" + Html.escape(chart) + "\"></p>\n");
        }
        return html.raw("</body></html>\n").toString();
    }
}
