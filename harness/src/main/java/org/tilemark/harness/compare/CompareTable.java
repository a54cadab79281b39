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
        String unit = comparison.perRun()
                ? "statistical unit: the run (each run's mean of its phases is one sample; runs are independent)"
                : "statistical unit: the measured phase (CPU: the run), because a side has only one run: the phases "
                + "of one run share its drift, so treat significance as indicative and repeat the runs to confirm it";
        return String.format(Locale.ROOT, "Samples: %d run(s) of A and %d of B; %s. Per phase, the score is the phase's; "
                + "throughput and latency percentiles are averaged over the phase's intervals and tiles and "
                + "infrastructure durations over its operations, because consecutive intervals are autocorrelated "
                + "and are not independent samples. Each metric: Welch's t-test, "
                + "%.0f %% CI of the difference of means (B - A), shown relative to A's mean; latencies and durations "
                + "on a log scale (geometric means, the delta a ratio). The score is judged on "
                + "its own; the other %d metrics with Holm's correction (family error %.0f %%).%s",
                comparison.a().size(), comparison.b().size(), unit, 100 * comparison.level(), judged,
                100 * (1 - comparison.level()), oneSided(comparison));
    }

    /** " Only in A: ...; only in B: ..." for metrics one side did not record, so none goes missing silently. */
    static String oneSided(Comparison comparison) {
        String text = "";
        if (!comparison.onlyA().isEmpty()) {
            text += " Only in A (not compared): " + String.join(", ", comparison.onlyA()) + ".";
        }
        if (!comparison.onlyB().isEmpty()) {
            text += " Only in B (not compared): " + String.join(", ", comparison.onlyB()) + ".";
        }
        return text;
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
