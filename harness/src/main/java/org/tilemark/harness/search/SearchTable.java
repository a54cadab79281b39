package org.tilemark.harness.search;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** The scaling table: one row per step, as printed and as written to scaling.csv. */
final class SearchTable {

    static final List<String> HEADERS = List.of("step", "tiles", "score", "95% CI", "app", "infra", "cluster CPU %",
            "harness CPU-s/tile-min", "verdict", "failing rules");

    private SearchTable() {
    }

    static List<List<String>> rows(List<SearchStep> steps) {
        List<List<String>> rows = new ArrayList<>();
        for (SearchStep s : steps) {
            String ci = Double.isNaN(s.confidenceLow()) ? "" : String.format(Locale.ROOT, "%.2f-%.2f", s.confidenceLow(), s.confidenceHigh());
            rows.add(List.of(Integer.toString(s.number()), s.tiles() + (s.repeat() ? " (repeat)" : ""), num(s.score()), ci,
                    num(s.application()), num(s.infrastructure()), num(s.clusterCpu()),
                    s.harnessCpu().map(cpu -> num(OptionalDouble.of(cpu.cpuSecondsPerTileMinute()))).orElse(""), s.verdict().word(),
                    s.compliant() ? "" : String.join("; ", failingRules(s))));
        }
        return rows;
    }

    /** The QoS rules and events that failed the step, without the per-VM error breakdown and the early-stop note. */
    static List<String> failingRules(SearchStep s) {
        return s.reasons().stream().filter(r -> !r.contains("failed requests by VM") && !r.startsWith("stopped after phase"))
                .toList();
    }

    static void print(PrintStream out, List<SearchStep> steps) {
        List<List<String>> rows = rows(steps);
        int[] widths = new int[HEADERS.size() - 1];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = HEADERS.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        out.println(line(HEADERS, widths));
        for (List<String> row : rows) {
            out.println(line(row, widths));
        }
    }

    private static String line(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            line.append(String.format(Locale.ROOT, "%-" + widths[c] + "s  ", cells.get(c)));
        }
        String last = cells.getLast();
        // The failing rules can be long: the first one here, all of them in scaling.csv and the report.
        int cut = last.indexOf("; ");
        return line.append(cut < 0 ? last : last.substring(0, cut) + " (+more)").toString().stripTrailing();
    }

    private static String num(OptionalDouble value) {
        return value.isPresent() ? String.format(Locale.ROOT, "%.2f", value.getAsDouble()) : "";
    }
}
