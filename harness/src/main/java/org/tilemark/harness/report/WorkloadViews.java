package org.tilemark.harness.report;

import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.Measured;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The few places the report knows a workload by name: the standby server's one-line summary and
 * the operation a workload's QoS hinges on (mail's {@code send}), which its charts and tables put
 * first. Every other workload is shown generically.
 */
final class WorkloadViews {
    static final String STANDBY = "standby";
    static final String MAIL = "mail";
    private static final Map<String, String> KEY_OPERATION = Map.of(MAIL, "send");
    private static final Pattern SIMPLE_DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    private WorkloadViews() {
    }

    /** The operation to highlight for a workload, e.g. mail's {@code send}; empty for most. */
    static Optional<String> keyOperation(String workload) {
        return Optional.ofNullable(KEY_OPERATION.get(workload));
    }

    /** The same operations with the workload's key operation first, the rest in their order. */
    static Map<String, Measured.Operation> keyOperationFirst(String workload, Map<String, Measured.Operation> operations) {
        Optional<String> key = keyOperation(workload).filter(operations::containsKey);
        if (key.isEmpty()) {
            return operations;
        }
        Map<String, Measured.Operation> ordered = new LinkedHashMap<>();
        ordered.put(key.get(), operations.get(key.get()));
        operations.forEach(ordered::putIfAbsent);
        return ordered;
    }

    /**
     * "standby: 60 of 60 beats answered within 1 s (100 %), QoS pass". Beats are the attempts,
     * answered beats the attempts without errors; the timeout comes from the recorded configuration
     * ({@code config.workloads.standby.timeout} of run.json) and is left out when not recorded.
     */
    static String standbyLine(WorkloadSummary standby, RunFile run) {
        long beats = standby.attempts();
        long answered = Math.max(0, beats - standby.errors());
        String within = timeout(run).map(t -> " within " + t).orElse("");
        String share = beats == 0 ? "no beats" : Fmt.fixed(100.0 * answered / beats, 1)
                .replaceAll("\\.0$", "") + " %";
        String qos = standby.passed() == null ? "QoS unknown" : standby.passed() ? "QoS pass" : "QoS FAIL";
        return STANDBY + ": " + Fmt.integer(answered) + " of " + Fmt.integer(beats) + " beats answered" + within
                + " (" + share + "), " + qos;
    }

    private static Optional<String> timeout(RunFile run) {
        String text = run.setting("workloads." + STANDBY + ".timeout").orElse("").strip();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        Matcher simple = SIMPLE_DURATION.matcher(text);
        return Optional.of(simple.matches() ? simple.group(1) + " " + simple.group(2) : text);
    }
}
