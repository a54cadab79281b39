package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.ConfigWriter;
import org.tilemark.config.Durations;

/**
 * Why a result may not be published: a platform that says its results are not (run.json's
 * {@code platformPublishable}; e.g. the local platform, whose hosts are logical slots of one machine), a quick
 * profile, or a rule looser than the defaults — a QoS threshold relaxed or a reference changed
 * (references are the score's denominators, so a changed one makes the score incomparable).
 */
public final class Publishability {

    /** Thresholds where a larger value lets more through. */
    private static final List<String> LOOSER_WHEN_LARGER = List.of("maxFailurePercent", "maxScheduleLagP99",
            "mixTolerancePercent", "mixToleranceFloorPoints", "cycleTimeTolerancePercent");
    /** Thresholds where a smaller value lets more through. */
    private static final List<String> LOOSER_WHEN_SMALLER = List.of("minAnsweredPercent");

    private Publishability() {
    }

    /** Every reason that applies, each naming its key and values; empty means publishable. */
    public static List<String> reasons(JsonNode run) {
        List<String> reasons = new ArrayList<>();
        // Bundles of format 1 lack the platform's answer; they were all written on the local platform,
        // which is not publishable.
        if (!Boolean.TRUE.equals(Json.bool(run, "platformPublishable"))) {
            reasons.add(Json.text(run, "platform") + " platform: its results are not publishable (the platform says so)");
        }
        String profile = Json.text(run, "profile");
        if (profile.equals("quick")) {
            reasons.add("quick profile (shorter phases than a publishable run)");
        }
        JsonNode config = Json.at(run, "config");
        if (!config.isObject()) {
            reasons.add("no configuration snapshot in run.json, so relaxed rules cannot be ruled out");
            return reasons;
        }
        JsonNode defaults = com.fasterxml.jackson.databind.json.JsonMapper.builder().build()
                .valueToTree(ConfigWriter.toMap(ConfigLoader.defaults()));
        relaxed("", config, defaults, reasons);
        return reasons;
    }

    private static void relaxed(String path, JsonNode actual, JsonNode defaults, List<String> reasons) {
        for (Iterator<Map.Entry<String, JsonNode>> it = defaults.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            String where = path.isEmpty() ? key : path + "." + key;
            JsonNode value = actual.get(key);
            JsonNode standard = entry.getValue();
            if (standard.isObject()) {
                if (value != null && value.isObject()) {
                    relaxed(where, value, standard, reasons);
                }
                continue;
            }
            String verdict = judge(path, key, value, standard);
            if (verdict != null) {
                reasons.add("relaxed rule: " + where + " = " + text(value) + " (default " + standard.asText() + ")" + verdict);
            }
        }
    }

    /** Null when the value is as strict as the default; else a short note (may be empty). */
    private static String judge(String parent, String key, JsonNode value, JsonNode standard) {
        if (parent.endsWith(".limits")) {
            return value == null || value.isNull() ? ", limit removed" : compare(value, standard) > 0 ? "" : null;
        }
        if (key.startsWith("reference")) {
            return value != null && compare(value, standard) != 0 ? ", a changed reference" : null;
        }
        if (value == null || value.isNull()) {
            return null;
        }
        if (key.equals("percentile") && parent.endsWith(".qos")) {
            return compare(value, standard) < 0 ? "" : null;
        }
        if (LOOSER_WHEN_LARGER.contains(key) || (key.equals("timeout") && parent.endsWith("standby"))) {
            return compare(value, standard) > 0 ? "" : null;
        }
        if (LOOSER_WHEN_SMALLER.contains(key)) {
            return compare(value, standard) < 0 ? "" : null;
        }
        return null;
    }

    /** Numbers compare as numbers, durations ("1s", "500ms") as durations. */
    private static int compare(JsonNode value, JsonNode standard) {
        if (value.isNumber() && standard.isNumber()) {
            return Double.compare(value.asDouble(), standard.asDouble());
        }
        try {
            Duration a = Durations.parse(value.asText());
            Duration b = Durations.parse(standard.asText());
            return a.compareTo(b);
        } catch (RuntimeException notDurations) {
            return value.asText().equals(standard.asText()) ? 0 : 1;
        }
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? "none" : value.asText();
    }
}
