package org.tilemark.harness.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.tilemark.harness.bundle.BundleLayout;

/**
 * The look every Tilemark chart shares (run, compare, search and storage reports): one palette, the
 * title and label fonts, a white plot with light grid lines, and headless PNG rendering.
 */
public final class ChartStyle {

    public static final Color BLUE = new Color(0x1F, 0x77, 0xB4);
    public static final Color ORANGE = new Color(0xFF, 0x7F, 0x0E);
    public static final Color GREEN = new Color(0x2C, 0xA0, 0x2C);
    public static final Color RED = new Color(0xD6, 0x27, 0x28);
    public static final Color PURPLE = new Color(0x94, 0x67, 0xBD);
    public static final Color BROWN = new Color(0x8C, 0x56, 0x4B);
    public static final Color PINK = new Color(0xE3, 0x77, 0xC2);
    public static final Color CYAN = new Color(0x17, 0xBE, 0xCF);
    /** Series colours in the order series take them. */
    private static final List<Color> PALETTE = List.of(BLUE, RED, GREEN, PURPLE, ORANGE, BROWN, PINK, CYAN);

    public static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    /** Marker labels (e.g. "phase 2"). */
    public static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    /** Values printed on bars. */
    public static final Font VALUE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
    private static final int REPORT_WIDTH_PX = 800;
    private static final int REPORT_HEIGHT_PX = 450;
    /** The stroke of a data line. */
    public static final BasicStroke LINE = new BasicStroke(2f);

    static {
        // Reports are rebuilt on servers and in CI without a display.
        System.setProperty("java.awt.headless", "true");
        // In memory only: ImageIO's disk cache registers delete-on-exit files, which fails while the
        // JVM shuts down — exactly when a Ctrl-C'd run writes its report.
        javax.imageio.ImageIO.setUseCache(false);
    }

    private ChartStyle() {
    }

    /** The colour of the {@code index}-th series (the palette repeats). */
    public static Color palette(int index) {
        return PALETTE.get(Math.floorMod(index, PALETTE.size()));
    }

    /** White background, light grid lines both ways. */
    public static XYPlot style(XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return plot;
    }

    /** White background, light grid lines across the values. */
    public static CategoryPlot style(CategoryPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return plot;
    }

    /** A chart of {@code plot} (already styled) with the shared title font, white, with a legend. */
    public static JFreeChart chart(String title, Plot plot) {
        JFreeChart chart = new JFreeChart(title, TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** A chart made by ChartFactory, given the shared look. */
    public static JFreeChart style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getTitle().setFont(TITLE_FONT);
        style(chart.getXYPlot());
        return chart;
    }

    /** A dashed vertical line where a measured phase begins, labelled e.g. "phase 2". */
    public static ValueMarker phaseStart(double at, String label) {
        ValueMarker boundary = new ValueMarker(at, Color.DARK_GRAY, new BasicStroke(1f,
                BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {3f, 3f}, 0f));
        boundary.setLabel(label);
        boundary.setLabelFont(LABEL_FONT);
        boundary.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        boundary.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        return boundary;
    }

    /** Joined lines (or points only) in {@code colours}, series by series, with the shared stroke. */
    public static XYLineAndShapeRenderer lines(boolean joined, List<Color> colours) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(joined, true);
        for (int i = 0; i < colours.size(); i++) {
            renderer.setSeriesStroke(i, LINE);
            renderer.setSeriesPaint(i, colours.get(i));
        }
        return renderer;
    }

    /**
     * Writes a chart of a mode's report (search, storage) as {@code charts/NAME} under
     * {@code directory}; returns that relative path for the page to link.
     */
    public static String writeReportChart(Path directory, String name, JFreeChart chart) throws IOException {
        Files.createDirectories(directory.resolve(BundleLayout.CHARTS));
        Files.write(directory.resolve(BundleLayout.CHARTS).resolve(name), png(chart, REPORT_WIDTH_PX, REPORT_HEIGHT_PX));
        return BundleLayout.CHARTS + "/" + name;
    }

    /** The chart as PNG bytes. */
    public static byte[] png(JFreeChart chart, int widthPx, int heightPx) throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ChartUtils.writeChartAsPNG(png, chart, widthPx, heightPx);
        return png.toByteArray();
    }
}
