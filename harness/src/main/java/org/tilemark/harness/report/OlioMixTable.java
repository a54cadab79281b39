package org.tilemark.harness.report;

import org.tilemark.harness.bundle.RunFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tilemark.scoring.OperationStats;
import org.tilemark.workloads.olio.OlioWorkload;

/**
 * Olio's QoS at a glance, per phase and tile: each operation's count, its share of the Markov mix
 * against the target the run was held to (run.json's {@code mixTargets}; a bundle without them shows
 * none), and its p90 against the configured limit.
 */
final class OlioMixTable {

    static final String OLIO = "olio";
    private static final Set<String> CYCLE_GAPS = Set.of(OlioWorkload.CYCLE_INTENDED, OlioWorkload.CYCLE_ACTUAL,
            OlioWorkload.CYCLE_STUCK);

    private static final List<String> COLUMNS = List.of("Operation", "Count", "Mix %", "Target %", "p90 (ms)",
            "p90 limit (ms)", "p90");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    private OlioMixTable() {
    }

    /** The mix the run persisted for Olio, in its order; empty for a bundle written before it did. */
    static Map<String, Double> targets(RunFile run) {
        return new LinkedHashMap<>(run.mixTarget(OLIO));
    }

    static void render(Html html, int phase, WorkloadSummary olio, RunFile run) {
        html.heading(3, "Phase " + phase + ", tile " + olio.tile() + ", Olio: mix and p90 per operation");
        Map<String, Double> targets = targets(run);
        long total = targets.keySet().stream().mapToLong(op -> count(olio, op)).sum();
        // Operations outside the mix (Logout rides on Login) follow it; cycle gaps are not operations.
        List<String> operations = new ArrayList<>(targets.keySet());
        olio.operations().keySet().stream().filter(op -> !operations.contains(op) && !CYCLE_GAPS.contains(op))
                .forEach(operations::add);
        List<List<Html.Cell>> rows = new ArrayList<>();
        for (String op : operations) {
            OperationStats stats = olio.operations().get(op);
            long n = count(olio, op);
            Double target = targets.get(op);
            String share = target == null || total == 0 ? "–" : Fmt.fixed(100.0 * n / total, 1);
            OptionalDouble limitMs = millis(run.setting("workloads." + OLIO + ".qos.limits." + op).orElse(""));
            String p90 = stats == null || n == 0 ? "–" : Fmt.fixed(stats.p90Ms(), 1);
            String verdict = stats == null || n == 0 || limitMs.isEmpty() ? "–"
                    : stats.p90Ms() <= limitMs.getAsDouble() ? "pass" : "FAIL";
            rows.add(List.of(Html.Cell.of(op), Html.Cell.numeric(Fmt.integer(n)), Html.Cell.numeric(share),
                    Html.Cell.numeric(target == null ? "–" : Fmt.fixed(target, 1)), Html.Cell.numeric(p90),
                    Html.Cell.numeric(limitMs.isEmpty() ? "–" : Fmt.plain(limitMs.getAsDouble())),
                    new Html.Cell(verdict, verdict.equals("pass") ? "pass" : verdict.equals("FAIL") ? "fail" : null)));
        }
        html.table(COLUMNS, rows);
    }

    private static long count(WorkloadSummary olio, String op) {
        OperationStats stats = olio.operations().get(op);
        return stats == null ? 0 : stats.count();
    }

    /** "1s", "500ms", "2m" as recorded in run.json's configuration snapshot. */
    static OptionalDouble millis(String text) {
        Matcher m = DURATION.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            return OptionalDouble.empty();
        }
        double value = Double.parseDouble(m.group(1));
        return OptionalDouble.of(switch (m.group(2)) {
            case "ms" -> value;
            case "s" -> value * 1_000;
            case "m" -> value * 60_000;
            default -> value * 3_600_000;
        });
    }
}
