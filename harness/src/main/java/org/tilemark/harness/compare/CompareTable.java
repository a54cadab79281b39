package org.tilemark.harness.compare;

import java.util.List;
import java.util.Locale;

/** The comparison as people read it on the terminal and in report.html: rows of metrics and a note on the samples. */
final class CompareTable {
    static final List<String> HEADER = List.of("metric", "unit", "sample per", "n A", "n B", "mean A", "mean B",
            "delta", "95 % CI of delta", "p", "significant");

    private CompareTable() {
    }

    static List<String> row(MetricDelta d) {
        WelchTest.Difference diff = d.difference();
        return List.of(d.label(), d.unit(), d.sampledPer(), Integer.toString(diff.samplesA()),
                Integer.toString(diff.samplesB()), Percent.number(diff.meanA()), Percent.number(diff.meanB()),
                Percent.signed(diff.percent()), diff.testable() ? Percent.range(diff.percentLow(), diff.percentHigh()) + " %"
                        : "too few samples", diff.testable() ? String.format(Locale.ROOT, "%.3g", diff.pValue()) : "",
                significance(d));
    }

    private static String significance(MetricDelta d) {
        if (!d.significant()) {
            return d.judgedByDirection() ? "" : "(not judged)";
        }
        return d.worseForB() ? "yes, B worse" : "yes, B better";
    }

    /** What the statistics rest on, said plainly (also in compare.json and report.html). */
    static String samplesNote(Comparison comparison) {
        long judged = comparison.deltas().stream()
                .filter(d -> !d.key().equals(Comparison.PRIMARY) && d.judgedByDirection() && d.difference().testable())
                .count();
        return String.format(Locale.ROOT, "Samples: %d run(s) of A and %d of B, pooled. The score is sampled per measured "
                + "phase (phase scores treated as independent), throughput and latency percentiles per measured "
                + "interval and tile, infrastructure durations per operation, CPU per run. Each metric: Welch's t-test, "
                + "%.0f %% CI of the difference of means (B - A), shown relative to A's mean; latencies and durations "
                + "on a log scale (geometric means, the delta a ratio). The score is judged on "
                + "its own; the other %d metrics with Holm's correction (family error %.0f %%).",
                comparison.a().size(), comparison.b().size(), 100 * comparison.level(), judged,
                100 * (1 - comparison.level()));
    }

    static String render(Comparison comparison) {
        List<List<String>> rows = new java.util.ArrayList<>();
        rows.add(HEADER);
        comparison.deltas().forEach(d -> rows.add(row(d)));
        int[] widths = new int[HEADER.size()];
        rows.forEach(r -> {
            for (int i = 0; i < r.size(); i++) {
                widths[i] = Math.max(widths[i], r.get(i).length());
            }
        });
        StringBuilder text = new StringBuilder();
        for (List<String> r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                line.append(String.format(Locale.ROOT, i < 3 ? "%-" + widths[i] + "s  " : "%" + widths[i] + "s  ", r.get(i)));
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
        return text.toString();
    }
}
