package org.tilemark.harness.report;

import org.tilemark.harness.bundle.RunFile;
import java.util.LinkedHashMap;
import org.tilemark.config.WorkloadConfig;
import org.tilemark.config.WorkloadConfigs;
import java.util.Map;
import java.util.Optional;
import org.tilemark.scoring.OperationStats;

/**
 * What a workload's own {@link WorkloadConfig.View} asks of the report: a one-line summary of answered attempts
 * (the standby server's) and the operation its QoS hinges on (mail's {@code send}), which its charts and tables
 * put first. A workload without a view, or not on the class path, is shown generically.
 */
final class WorkloadViews {

    private WorkloadViews() {
    }

    /** The operation to highlight for a workload, e.g. mail's {@code send}; empty for most. */
    static Optional<String> keyOperation(String workload) {
        return view(workload).keyOperation();
    }

    /** The workload's one-line summary of answered attempts, if its view has one (the standby server's). */
    static Optional<WorkloadConfig.AnsweredSummary> answeredSummary(String workload) {
        return view(workload).summary();
    }

    /**
     * "dvdstore load shape: bursty — the bursty shape ... is Tilemark's ...": for each workload of the run whose view
     * says where its load's shape comes from, the shape as recorded and that origin.
     */
    static Map<String, String> loadShapes(RunFile run) {
        Map<String, String> shapes = new LinkedHashMap<>();
        for (WorkloadConfig<?> workload : WorkloadConfigs.installed().all()) {
            String section = "workloads." + workload.name() + ".";
            if (run.setting(section + "enabled").filter("false"::equals).isPresent()) {
                continue;
            }
            workload.view().loadShape().ifPresent(shape -> run.setting(section + shape.key()).ifPresent(recorded ->
                    shapes.put(workload.name(), recorded + " (" + section + shape.key() + ") — " + shape.origin())));
        }
        return shapes;
    }

    private static WorkloadConfig.View view(String workload) {
        return WorkloadConfigs.installed().find(workload).map(WorkloadConfig::view).orElse(WorkloadConfig.View.GENERIC);
    }

    /** The same operations with the workload's key operation first, the rest in their order. */
    static Map<String, OperationStats> keyOperationFirst(String workload, Map<String, OperationStats> operations) {
        Optional<String> key = keyOperation(workload).filter(operations::containsKey);
        if (key.isEmpty()) {
            return operations;
        }
        Map<String, OperationStats> ordered = new LinkedHashMap<>();
        ordered.put(key.get(), operations.get(key.get()));
        operations.forEach(ordered::putIfAbsent);
        return ordered;
    }

    /**
     * "standby: 60 of 60 beats answered within 1 s (100 %), QoS pass". Beats ({@code units}) are the attempts,
     * answered beats the attempts without errors; the timeout comes from the recorded configuration
     * ({@code config.workloads.standby.timeout} of run.json) and is left out when not recorded.
     */
    static String answeredLine(WorkloadSummary row, WorkloadConfig.AnsweredSummary summary, RunFile run) {
        long attempts = row.attempts();
        long answered = Math.max(0, attempts - row.errors());
        String within = timeout(run, row.workload(), summary.timeoutKey()).map(t -> " within " + t).orElse("");
        String share = attempts == 0 ? "no " + summary.units() : Fmt.fixed(100.0 * answered / attempts, 1)
                .replaceAll("\\.0$", "") + " %";
        String qos = row.passed() == null ? "QoS unknown" : row.passed() ? "QoS pass" : "QoS FAIL";
        return row.workload() + ": " + Fmt.integer(answered) + " of " + Fmt.integer(attempts) + " " + summary.units()
                + " answered" + within + " (" + share + "), " + qos;
    }

    private static Optional<String> timeout(RunFile run, String workload, String key) {
        String text = run.setting("workloads." + workload + "." + key).orElse("").strip();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(RecordedDuration.parse(text).map(RecordedDuration::toString).orElse(text));
    }
}
