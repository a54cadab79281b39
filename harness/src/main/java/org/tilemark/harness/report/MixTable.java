package org.tilemark.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.scoring.OperationStats;

/**
 * The QoS at a glance of a workload held to an operation mix (Olio's Markov mix), per phase and tile: each
 * operation's count, its share of the mix against the target the run was held to (run.json's {@code mixTargets}),
 * and its latency at the workload's QoS percentile against the configured limit (both from run.json's
 * configuration). Only what the run recorded is shown: a workload without recorded targets gets no table, so a
 * bundle is never judged by a later version's defaults.
 */
final class MixTable {

    private MixTable() {
    }

    static void render(Html html, int phase, WorkloadSummary row, RunFile run) {
        Map<String, Double> targets = run.mixTarget(row.workload());
        if (targets.isEmpty()) {
            return;
        }
        String qos = "workloads." + row.workload() + ".qos.";
        OptionalDouble percentile = number(run.setting(qos + "percentile").orElse(""));
        String label = percentile.isEmpty() ? "percentile" : "p" + Fmt.plain(percentile.getAsDouble());
        html.heading(3, "Phase " + phase + ", tile " + row.tile() + ", " + row.workload() + ": mix and " + label
                + " per operation");
        long total = targets.keySet().stream().mapToLong(op -> count(row, op)).sum();
        // Operations outside the mix with a limit of their own follow it (Olio's Logout rides on Login); measured
        // figures without a limit (Olio's cycle gaps) are not operations of the mix.
        List<String> operations = new ArrayList<>(targets.keySet());
        row.operations().keySet().stream().filter(op -> !operations.contains(op))
                .filter(op -> run.setting(qos + "limits." + op).isPresent()).forEach(operations::add);
        List<List<Html.Cell>> rows = new ArrayList<>();
        for (String op : operations) {
            OperationStats stats = row.operations().get(op);
            long n = count(row, op);
            Double target = targets.get(op);
            String share = target == null || total == 0 ? "–" : Fmt.fixed(100.0 * n / total, 1);
            OptionalDouble limitMs = millis(run.setting(qos + "limits." + op).orElse(""));
            OptionalDouble measuredMs = stats == null || n == 0 || percentile.isEmpty()
                    || !OperationStats.isSupportedPercentile(percentile.getAsDouble())
                    ? OptionalDouble.empty() : OptionalDouble.of(stats.percentileMs(percentile.getAsDouble()));
            String verdict = measuredMs.isEmpty() || limitMs.isEmpty() ? "–"
                    : measuredMs.getAsDouble() <= limitMs.getAsDouble() ? "pass" : "FAIL";
            rows.add(List.of(Html.Cell.of(op), Html.Cell.numeric(Fmt.integer(n)), Html.Cell.numeric(share),
                    Html.Cell.numeric(target == null ? "–" : Fmt.fixed(target, 1)),
                    Html.Cell.numeric(measuredMs.isEmpty() ? "–" : Fmt.fixed(measuredMs.getAsDouble(), 1)),
                    Html.Cell.numeric(limitMs.isEmpty() ? "–" : Fmt.plain(limitMs.getAsDouble())),
                    new Html.Cell(verdict, verdict.equals("pass") ? "pass" : verdict.equals("FAIL") ? "fail" : null)));
        }
        html.table(List.of("Operation", "Count", "Mix %", "Target %", label + " (ms)", label + " limit (ms)", label),
                rows);
    }

    private static long count(WorkloadSummary row, String op) {
        OperationStats stats = row.operations().get(op);
        return stats == null ? 0 : stats.count();
    }

    private static OptionalDouble number(String text) {
        try {
            return text.isBlank() ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(text.strip()));
        } catch (NumberFormatException notANumber) {
            return OptionalDouble.empty();
        }
    }

    /** A limit as run.json recorded it, in milliseconds; empty if it is not a duration. */
    static OptionalDouble millis(String text) {
        return RecordedDuration.parse(text).map(d -> OptionalDouble.of(d.millis())).orElse(OptionalDouble.empty());
    }
}
