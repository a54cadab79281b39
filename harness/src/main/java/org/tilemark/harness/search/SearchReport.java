package org.tilemark.harness.search;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
        write(directory, outcome.headline(), outcome.explanation(), outcome.steps(), shape);
    }

    /** The scaling table, charts and report of {@code steps}, and the manifest, as a search's end or a rebuild writes them. */
    static void write(Path directory, String headline, List<String> explanation, List<SearchStep> steps, SearchShape shape)
            throws IOException {
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
        Files.writeString(directory.resolve(BundleLayout.REPORT), html(headline, explanation, steps, charts, shape,
                StepCpuByRole.of(steps, directory)));
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

    private static String html(String headline, List<String> explanation, List<SearchStep> steps, List<String> charts,
                               SearchShape shape, List<StepCpuByRole> cpuByRole) {
        Html html = new Html().raw("<!doctype html><html><head><meta charset=\"utf-8\"><title>Tilemark search</title>"
                + "<style>body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse;margin:1em 0}"
                + "td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}td.num{text-align:right}</style></head><body>\n");
        html.heading(1, "Tilemark search: " + headline);
        html.list(explanation);
        List<List<Html.Cell>> rows = new ArrayList<>();
        for (List<String> row : SearchTable.rows(steps)) {
            rows.add(row.stream().map(Html.Cell::of).toList());
        }
        html.heading(2, "Scaling table");
        html.table(SearchTable.HEADERS, rows);
        html.paragraph(shape.description());
        for (String chart : charts) {
            html.raw("<p><img src=\"" + Html.escape(chart) + "\" alt=\"" + Html.escape(chart) + "\"></p>\n");
        }
        cpuByRole(html, cpuByRole);
        return html.raw("</body></html>\n").toString();
    }

    /** Which tier grew into the cluster's limit: each role's cores per step, beside the step's cluster CPU. */
    private static void cpuByRole(Html html, List<StepCpuByRole> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<String> roles = List.copyOf(StepCpuByRole.roles(rows));
        List<String> headers = new ArrayList<>(List.of("step", "tiles"));
        roles.forEach(role -> headers.add(role + " (cores)"));
        headers.addAll(List.of("all VMs (cores)", "cluster CPU %"));
        List<List<Html.Cell>> cells = new ArrayList<>();
        for (StepCpuByRole row : rows) {
            SearchStep step = row.step();
            List<Html.Cell> line = new ArrayList<>(List.of(Html.Cell.of(Integer.toString(step.number())),
                    Html.Cell.of(step.tiles() + (step.repeat() ? " (repeat)" : ""))));
            roles.forEach(role -> line.add(Html.Cell.numeric(row.coresByRole().containsKey(role)
                    ? String.format(Locale.ROOT, "%.2f", row.coresByRole().get(role)) : "")));
            line.add(Html.Cell.numeric(String.format(Locale.ROOT, "%.2f", row.allVms())));
            line.add(Html.Cell.numeric(step.clusterCpu().isPresent()
                    ? String.format(Locale.ROOT, "%.1f", step.clusterCpu().getAsDouble()) : ""));
            cells.add(line);
        }
        html.heading(2, "CPU by VM role");
        html.paragraph("The CPU cores each VM role used per step, its tiles' VMs together, over the step's measured phases "
                + "(vm-profile.jsonl, as the platform's meter read it). The rest of the cluster's CPU is the hypervisor's, "
                + "the infrastructure operations' and, where the cluster is this machine, the harness's.");
        html.table(headers, cells);
    }
}
