package org.tilemark.harness.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.BundleFormat;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.run.ScoreJsonRebuild;
import org.tilemark.scoring.IntervalMeasure;
import org.tilemark.scoring.PhaseAccumulator;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.Workload;

/**
 * Replays intervals.jsonl against the histogram logs. Each line's latency figures and throughput are
 * recomputed from its hlog histograms and its own counts ({@code completed} over the interval's
 * length) and must match what the line says, and its counts must be what the histograms imply
 * ({@link UnitCounts}); measured lines are added up per phase with the live
 * run's {@link PhaseAccumulator}, which is what the phase scores are recomputed from.
 */
final class IntervalRecompute {

    /** What a line says where it belongs and its inputs; not recomputed, so left out of the comparison. */
    private static final Set<String> PLACEMENT = Set.of("interval", "stage", "phase", "tile", "workload", "start", "end",
            "durationMs", "completed", "target");

    private final BenchmarkSpec spec;
    private final Map<String, Workload> workloads = new LinkedHashMap<>();
    private final HistogramIndex histograms;
    /** phase -> "tile/workload" -> accumulated. */
    private final Map<Integer, Map<String, PhaseAccumulator>> phases = new TreeMap<>();
    private final PhaseWindows windows = new PhaseWindows();
    private final UnitCounts counts;
    private int lines;

    IntervalRecompute(BenchmarkSpec spec, List<Workload> enabled, HistogramIndex histograms, BundleFormat format) {
        this.spec = spec;
        this.counts = new UnitCounts(format);
        enabled.forEach(w -> workloads.put(w.name(), w));
        this.histograms = histograms;
    }

    void add(BundleReader.Line line) throws BundleMismatch {
        JsonNode node = line.node();
        String where = BundleFilesRead.INTERVALS + " line " + line.number();
        int tile = node.path("tile").asInt(0);
        String name = node.path("workload").asText("");
        Workload workload = workloads.get(name);
        if (workload == null) {
            throw new BundleMismatch(where + ": workload '" + name + "' is not enabled in run.json's configuration");
        }
        where += " (tile " + tile + " " + name + ", interval " + node.path("interval").asText() + ")";
        if (!node.path("completed").canConvertToLong()) {
            throw new BundleMismatch(where + ": no 'completed' count, so its throughput cannot be recomputed "
                    + "(bundles written before tilemark verify lack it)");
        }
        Instant start = instant(node, "start", where);
        Instant end = instant(node, "end", where);
        Duration length = Duration.ofMillis(node.path("durationMs").asLong(0));
        if (length.isZero() || length.isNegative()) {
            throw new BundleMismatch(where + ": durationMs is not positive");
        }
        Map<String, Histogram> latency = new LinkedHashMap<>(histograms.interval(tile, name, start.toEpochMilli()));
        Histogram lag = latency.remove(HistogramIndex.SCHEDULE_LAG);
        if (lag == null) {
            throw new BundleMismatch(org.tilemark.harness.bundle.BundleLayout.histogramLogPath(tile, name) + ": no " + HistogramIndex.SCHEDULE_LAG
                    + " histogram for " + where);
        }
        IntervalMeasure measure = new IntervalMeasure(latency, operationErrors(node), node.path("attempts").asLong(),
                node.path("completed").asLong(), node.path("errors").asLong(), node.path("rollbacks").asLong(), lag,
                counts(node.path("errorsByVm")));
        WorkloadResult recomputed = PhaseAccumulator.result(tile, name, workload.metricUnit(), workload.metricPeriod(),
                length, measure);
        compare(where, node, recomputed, workload);
        counts.check(where, tile, workload, node, latency);
        lines++;
        if ("measure".equals(node.path("stage").asText())) {
            int phase = node.path("phase").asInt(0);
            windows.add(phase, start, end);
            phases.computeIfAbsent(phase, p -> new LinkedHashMap<>())
                    .computeIfAbsent(tile + "/" + name, k -> new PhaseAccumulator(tile, name, workload.metricUnit(),
                            workload.metricPeriod()))
                    .add(measure, length);
        }
    }

    private void compare(String where, JsonNode node, WorkloadResult recomputed, Workload workload) throws BundleMismatch {
        ObjectNode recorded = ((ObjectNode) node).deepCopy();
        PLACEMENT.forEach(recorded::remove);
        Optional<String> first = JsonDiff.first(where, recorded, ScoreJsonRebuild.measured(recomputed), Set.of());
        if (first.isPresent()) {
            throw new BundleMismatch(first.get());
        }
        double target = ScoreJsonRebuild.round(workload.targetThroughput(spec));
        if (node.path("target").asDouble(Double.NaN) != target) {
            throw BundleMismatch.of(where + " target", node.path("target"), target);
        }
    }

    int lines() {
        return lines;
    }

    /** After the last line: every interval the histogram logs hold was claimed by a line. */
    void finish() throws BundleMismatch {
        histograms.requireAllClaimed();
        counts.finish();
    }

    PhaseWindows windows() {
        return windows;
    }

    /**
     * Phase -> tile -> workload -> phase result, for the phases that ran to their end: a phase an abort
     * cut short was never scored, so its intervals are checked but not scored here either.
     */
    Map<Integer, Map<Integer, Map<String, WorkloadResult>>> completePhases() {
        Map<Integer, Map<Integer, Map<String, WorkloadResult>>> complete = new TreeMap<>();
        phases.forEach((phase, accumulated) -> {
            Map<Integer, Map<String, WorkloadResult>> byTile = new TreeMap<>();
            boolean whole = true;
            for (PhaseAccumulator acc : accumulated.values()) {
                WorkloadResult result = acc.result();
                whole &= result.measured().equals(spec.run().phaseDuration());
                byTile.computeIfAbsent(result.tile(), t -> new LinkedHashMap<>()).put(result.workload(), result);
            }
            if (whole) {
                complete.put(phase, byTile);
            }
        });
        return complete;
    }

    /** Every operation a line names, with its error count (the live snapshot's errorsByOperation). */
    private static Map<String, Long> operationErrors(JsonNode node) {
        Map<String, Long> errors = new LinkedHashMap<>();
        node.path("operations").properties().forEach(e -> errors.put(e.getKey(), e.getValue().path("errors").asLong()));
        return errors;
    }

    private static Map<String, Long> counts(JsonNode object) {
        Map<String, Long> counts = new LinkedHashMap<>();
        object.properties().forEach(e -> counts.put(e.getKey(), e.getValue().asLong()));
        return counts;
    }

    static Instant instant(JsonNode node, String field, String where) throws BundleMismatch {
        try {
            return Instant.parse(node.path(field).asText(""));
        } catch (DateTimeParseException e) {
            throw new BundleMismatch(where + ": '" + field + "' is not an instant");
        }
    }
}
