package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Olio's QoS at a glance, per phase and tile: each operation's count, its share of the Markov mix
 * against Faban's steady state, and its p90 against the configured limit.
 */
final class OlioMixTable {

    static final String OLIO = "olio";

    /** The steady state of Olio's transition matrix (Faban), in percent of the seven matrix operations. */
    static final Map<String, Double> TARGET_MIX = targets();
    private static final List<String> COLUMNS = List.of("Operation", "Count", "Mix %", "Target %", "p90 (ms)",
            "p90 limit (ms)", "p90");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    private OlioMixTable() {
    }

    private static Map<String, Double> targets() {
        Map<String, Double> mix = new LinkedHashMap<>();
        mix.put("HomePage", 26.2);
        mix.put("Login", 10.2);
        mix.put("TagSearch", 33.5);
        mix.put("EventDetail", 24.7);
        mix.put("PersonDetail", 2.6);
        mix.put("AddPerson", 0.8);
        mix.put("AddEvent", 2.0);
        return mix;
    }

    static void render(Html html, int phase, WorkloadSummary olio, JsonNode run) {
        html.heading(3, "Phase " + phase + ", tile " + olio.tile() + ", Olio: mix and p90 per operation");
        long total = TARGET_MIX.keySet().stream().mapToLong(op -> count(olio, op)).sum();
        JsonNode limits = Json.at(Json.at(Json.at(Json.at(Json.at(run, "config"), "workloads"), OLIO), "qos"), "limits");
        List<String> operations = new ArrayList<>(TARGET_MIX.keySet());
        operations.add(2, "Logout"); // in the report, not in the mix: Logout rides on Login
        List<List<Html.Cell>> rows = new ArrayList<>();
        for (String op : operations) {
            OperationStats stats = olio.operations().get(op);
            long n = count(olio, op);
            Double target = TARGET_MIX.get(op);
            String share = target == null || total == 0 ? "–" : Fmt.fixed(100.0 * n / total, 1);
            OptionalDouble limitMs = millis(Json.text(limits, op));
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
