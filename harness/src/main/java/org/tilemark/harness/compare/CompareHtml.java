package org.tilemark.harness.compare;

import java.util.List;

/** report.html of a compare bundle: the verdict, what the samples are, the runs, the table and the charts. */
final class CompareHtml {
    private CompareHtml() {
    }

    static String page(String compareId, Comparison comparison, CompareVerdict verdict, List<CompareCharts.Chart> charts) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>Tilemark compare ").append(escape(compareId)).append("</title><style>")
                .append("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}")
                .append("td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:first-child{text-align:left}")
                .append(".worse{background:#fde0e0}.better{background:#e0f5e0}</style></head><body>\n")
                .append("<h1>Tilemark compare ").append(escape(compareId)).append("</h1>\n")
                .append("<p><strong>").append(escape(verdict.line())).append("</strong></p>\n")
                .append("<p>").append(escape(CompareTable.samplesNote(comparison))).append("</p>\n");
        runs(html, "A", comparison.a());
        runs(html, "B", comparison.b());
        html.append("<table><tr>");
        CompareTable.HEADER.forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
        html.append("</tr>\n");
        for (MetricDelta d : comparison.deltas()) {
            String css = !d.significant() ? "" : d.worseForB() ? " class=\"worse\"" : " class=\"better\"";
            html.append("<tr").append(css).append('>');
            CompareTable.row(d).forEach(cell -> html.append("<td>").append(escape(cell)).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
        charts.forEach(c -> html.append("<h2>").append(escape(c.title())).append("</h2><img src=\"")
                .append(c.relativePath()).append("\" alt=\"").append(escape(c.title())).append("\">\n"));
        return html.append("</body></html>\n").toString();
    }

    private static void runs(StringBuilder html, String side, List<RunSamples> runs) {
        html.append("<p>").append(side).append(":</p><ul>");
        runs.forEach(r -> html.append("<li>").append(escape(r.runId())).append(" — ").append(escape(r.scoreLine()))
                .append(" (").append(escape(r.bundle().toString())).append(")</li>"));
        html.append("</ul>\n");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
