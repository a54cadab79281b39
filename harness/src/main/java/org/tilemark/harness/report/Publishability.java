package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.ConfigWriter;
import org.tilemark.config.Durations;
import org.tilemark.config.RunProfiles;
import org.tilemark.config.TileScale;
import org.tilemark.config.WorkloadConfig;
import org.tilemark.config.WorkloadConfigs;
import org.tilemark.harness.bundle.RunFile;

/**
 * Why a result may not be published, by the run rules (docs/run-rules.md): a platform that says its
 * results are not (run.json's {@code platformPublishable}; e.g. the local platform, whose hosts are
 * logical slots of one machine), a profile other than {@code standard}, and every setting that departs
 * from its standard value (the standard profile's), named with its value and the standard value. QoS
 * thresholds may be stricter than standard, never looser; references (the score's denominators) never
 * change. The settings in {@link #FREE} are the tester's (where results go, how to reach the cluster,
 * credentials, tile count) and are only disclosed.
 */
public final class Publishability {

    /**
     * Key paths (and their subtrees) a publishable run may set freely; everything else is a rule. Each workload
     * names its own ({@link WorkloadConfig.Publishing#free}).
     */
    private static final List<String> FREE = List.of("run.profile", "run.tiles", "run.results", "run.stateDir",
            "run.seed", "run.provisionTimeout", "cluster", "storage", "search", "serve");

    /** Keys newer than some bundles, with the value a bundle written before them ran at. */
    private static final Map<String, JsonNode> ADDED_LATER = Map.of("run.tileScale", DoubleNode.valueOf(TileScale.STANDARD));

    /** Thresholds of every workload's {@code qos} where a larger value lets more through; each workload names its own. */
    private static final List<String> QOS_LOOSER_WHEN_LARGER = List.of("maxFailurePercent", "maxScheduleLagP99");
    private static final String WORKLOADS = "workloads.";

    private Publishability() {
    }

    /** Every reason that applies, each naming its key and values; empty means publishable. */
    public static List<String> reasons(RunFile run) {
        List<String> reasons = new ArrayList<>();
        // Bundles of format 1 lack the platform's answer (read as false); they were all written on the
        // local platform, which is not publishable.
        if (!run.platformPublishable()) {
            reasons.add(Objects.toString(run.platform(), "") + " platform: its results are not publishable (the platform says so)");
        }
        standIns(run, reasons);
        String profile = Objects.toString(run.profile(), "");
        if (!profile.equals(RunProfiles.STANDARD)) {
            reasons.add(profile + " profile (not the standard profile of docs/run-rules.md)");
        }
        if (!run.hasConfig()) {
            reasons.add("no configuration snapshot in run.json, so relaxed rules cannot be ruled out");
            return reasons;
        }
        departures("", run.configTree(), tree(ConfigLoader.standard()), reasons);
        return reasons;
    }

    /** A VM whose guest served with a stand-in (the mail VM's GreenMail where Postfix and Dovecot could not run). */
    private static void standIns(RunFile run, List<String> reasons) {
        for (RunFile.Vm vm : run.inventory().vms()) {
            if (vm.server() != null && vm.server().standIn()) {
                reasons.add(vm.name() + " served with " + vm.server().name() + ", a stand-in for the real server (docs/workloads.md)");
            }
        }
    }

    /**
     * The settings of {@code spec} that relax the standard profile's rules (a QoS limit loosened, a tolerance
     * widened), each naming its key: what {@code validate} warns about before a run, the same rules the
     * bundle is judged by after it.
     */
    public static List<String> departures(org.tilemark.config.BenchmarkSpec spec) {
        List<String> reasons = new ArrayList<>();
        departures("", tree(spec), tree(ConfigLoader.standard()), reasons);
        return reasons;
    }

    private static JsonNode tree(org.tilemark.config.BenchmarkSpec spec) {
        return com.fasterxml.jackson.databind.json.JsonMapper.builder().build().valueToTree(ConfigWriter.toMap(spec));
    }

    private static void departures(String path, JsonNode actual, JsonNode defaults, List<String> reasons) {
        for (Iterator<Map.Entry<String, JsonNode>> it = defaults.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            String where = path.isEmpty() ? key : path + "." + key;
            if (FREE.contains(where) || workloadRule(where, WorkloadConfig.Publishing::free)) {
                continue;
            }
            JsonNode value = actual.has(key) ? actual.get(key) : ADDED_LATER.get(where);
            JsonNode standard = entry.getValue();
            if (value == null && path.equals("workloads") && !standard.path("enabled").asBoolean(true)) {
                continue; // a workload newer than the bundle that the standard tile does not run either
            }
            if (standard.isObject()) {
                if (value != null && value.isObject()) {
                    departures(where, value, standard, reasons);
                } else {
                    reasons.add(where + " = " + text(value) + " (standard: the standard profile's section)");
                }
                continue;
            }
            String verdict = judge(path, key, value, standard);
            if (verdict != null) {
                reasons.add(where + " = " + text(value) + " (standard " + text(standard) + ")" + verdict);
            }
        }
    }

    /** Null when the value keeps the rules (standard, or a stricter QoS threshold); else a short note (may be empty). */
    private static String judge(String parent, String key, JsonNode value, JsonNode standard) {
        boolean missing = value == null || value.isNull();
        if (parent.endsWith(".limits")) {
            return missing ? ", a QoS limit removed" : compare(value, standard) > 0 ? ", a looser QoS rule" : null;
        }
        if (missing) {
            return standard.isNull() ? null : "";
        }
        if (key.startsWith("reference")) {
            return compare(value, standard) != 0 ? ", a changed reference" : null;
        }
        if (key.equals("percentile") && parent.endsWith(".qos")) {
            return compare(value, standard) < 0 ? ", a looser QoS rule" : null;
        }
        String where = parent.isEmpty() ? key : parent + "." + key;
        if ((parent.endsWith(".qos") && QOS_LOOSER_WHEN_LARGER.contains(key))
                || workloadRule(where, WorkloadConfig.Publishing::looserWhenLarger)) {
            return compare(value, standard) > 0 ? ", a looser QoS rule" : null;
        }
        if (workloadRule(where, WorkloadConfig.Publishing::looserWhenSmaller)) {
            return compare(value, standard) < 0 ? ", a looser QoS rule" : null;
        }
        return compare(value, standard) != 0 ? "" : null;
    }

    /** Whether {@code where} is {@code workloads.<name>.<key>} with {@code key} among the workload's {@code rule}. */
    private static boolean workloadRule(String where, Function<WorkloadConfig.Publishing, List<String>> rule) {
        if (!where.startsWith(WORKLOADS)) {
            return false;
        }
        String rest = where.substring(WORKLOADS.length());
        int dot = rest.indexOf('.');
        return dot > 0 && WorkloadConfigs.installed().find(rest.substring(0, dot))
                .map(workload -> rule.apply(workload.publishing()).contains(rest.substring(dot + 1))).orElse(false);
    }

    /** Numbers compare as numbers, durations ("1s", "500ms") as durations, anything else by its text. */
    private static int compare(JsonNode value, JsonNode standard) {
        if (!value.isValueNode() || !standard.isValueNode()) {
            return value.equals(standard) ? 0 : 1;
        }
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
        return value == null || value.isNull() ? "none" : value.isValueNode() ? value.asText() : value.toString();
    }
}
