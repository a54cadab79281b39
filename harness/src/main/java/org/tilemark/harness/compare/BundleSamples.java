package org.tilemark.harness.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.compare.MetricSamples.Better;
import org.tilemark.infra.ops.InfraOperationType;

/**
 * Reads the samples of one results bundle, one per measured phase: phase scores from score.json,
 * throughput and latency percentiles from intervals.jsonl averaged over each phase's intervals and
 * tiles, and each phase's infrastructure operation durations from infra-ops.jsonl; the harness's and the
 * cluster's CPU from score.json, one per run. Intervals are not samples of their own: consecutive
 * intervals are autocorrelated (a slow minute follows a slow minute), so treating them as independent
 * overstates significance. Histograms are not read for samples (interval percentiles are averaged), only
 * checked to be readable with the rest of the bundle before.
 */
final class BundleSamples {
    static final String SCORE_FILE = BundleLayout.SCORE;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Olio's cycle.* entries are gaps between a user's cycles, not latencies. */
    private static final String NOT_A_LATENCY_PREFIX = "cycle.";
    /** The statistical unit of every per-phase metric, as the output names it. */
    static final String PHASE = "phase";

    private BundleSamples() {
    }

    static boolean isBundle(Path directory) {
        return BundleReader.isScored(directory);
    }

    static RunSamples load(Path bundle) throws BadCompareInput {
        BundleReader reader = BundleReader.of(bundle);
        JsonNode run;
        JsonNode score;
        try {
            run = reader.run().map(JsonNode.class::cast).orElse(JSON.createObjectNode());
            score = reader.score().orElseThrow(() -> new BadCompareInput(bundle + " holds no " + SCORE_FILE));
        } catch (BundleReader.DamagedFile e) {
            throw new BadCompareInput(bundle + ": " + e.getMessage());
        } catch (IOException e) {
            throw new BadCompareInput("cannot read " + bundle + ": " + oneLine(e));
        }
        Map<String, MetricSamples> metrics = new LinkedHashMap<>();
        phaseScores(score, metrics);
        PhaseMeans perPhase = new PhaseMeans();
        intervals(reader, run, perPhase);
        infraDurations(reader, perPhase);
        perPhase.addTo(metrics);
        harnessCpu(score, metrics);
        clusterCpu(score, metrics);
        return new RunSamples(bundle, score.path("runId").asText(bundle.getFileName().toString()),
                score.path("tiles").asInt(0), RunFile.tileScale(run), score.path("scoreLine").asText(""),
                List.copyOf(metrics.values()));
    }

    private static void phaseScores(JsonNode score, Map<String, MetricSamples> metrics) {
        for (JsonNode phase : score.path("phases")) {
            add(metrics, "score", "score", "", Better.HIGHER, PHASE, phase.path("score"));
            add(metrics, "application", "application score", "", Better.HIGHER, PHASE, phase.path("application"));
            add(metrics, "infrastructure", "infrastructure score", "", Better.HIGHER, PHASE,
                    phase.path("infrastructure"));
            for (JsonNode op : phase.path("infraOperations")) {
                String type = op.path("operation").asText();
                add(metrics, "infra." + type + ".opsPerHour", InfraOperationType.displayName(type) + " rate", "ops/h",
                        Better.HIGHER, PHASE, op.path("opsPerHour"));
            }
        }
    }

    private static void intervals(BundleReader bundle, JsonNode run, PhaseMeans metrics)
            throws BadCompareInput {
        for (JsonNode line : jsonLines(bundle, BundleLayout.INTERVALS)) {
            int phase = line.path("phase").asInt(0);
            if ("warmup".equals(line.path("stage").asText()) || phase < 1) {
                continue;
            }
            String workload = line.path("workload").asText();
            metrics.add(phase, new MetricSamples(workload + ".throughput", workload + " throughput",
                    line.path("metric").asText(""), Better.HIGHER, PHASE, List.of()), line.path("throughput"));
            int percentile = run.path("config").path("workloads").path(workload).path("qos")
                    .path("percentile").asInt(95);
            String field = "p" + percentile + "Ms";
            line.path("operations").properties().forEach(op -> {
                if (!op.getKey().startsWith(NOT_A_LATENCY_PREFIX) && op.getValue().path("count").asLong() > 0) {
                    metrics.add(phase, new MetricSamples(workload + ".p" + percentile + "." + op.getKey(),
                            workload + " p" + percentile + " " + op.getKey(), "ms", Better.LOWER, PHASE, List.of()),
                            op.getValue().path(field));
                }
            });
        }
    }

    private static void infraDurations(BundleReader bundle, PhaseMeans metrics) throws BadCompareInput {
        for (JsonNode op : jsonLines(bundle, BundleLayout.INFRA_OPS)) {
            // The platform's own moves (DRS) have no duration of Tilemark's to compare.
            if (op.path("phase").asInt(0) >= 1 && InfraOpLine.SUCCEEDED.equals(op.path("outcome").asText())
                    && !InfraOpLine.platformInitiated(op)) {
                String type = op.path("operation").asText();
                double seconds = op.path("durationMs").asDouble(Double.NaN) / 1000;
                metrics.add(op.path("phase").asInt(), new MetricSamples("infra." + type + ".duration",
                        InfraOperationType.displayName(type) + " duration", "s", Better.LOWER, PHASE, List.of()),
                        JSON.getNodeFactory().numberNode(seconds));
            }
        }
    }

    /** The harness's own CPU (drivers, endpoints) in % of one core over the measured time: one sample per run. */
    private static void harnessCpu(JsonNode score, Map<String, MetricSamples> metrics) {
        JsonNode cpu = score.path("harnessCpu");
        ScoreFile.HarnessCpu.percentOfOneCore(cpu.path("cpuSeconds").asDouble(), cpu.path("tileMinutes").asDouble(0),
                score.path("tiles").asInt(0)).ifPresent(percent -> add(metrics, "cpu.harness", "harness CPU", "% of a core",
                Better.NEITHER, "run", JSON.getNodeFactory().numberNode(percent)));
    }

    /**
     * The cluster's busy CPU over the measured phases, as the platform reported it to the run (score.json's
     * clusterCpu; null where the platform could not tell): one sample per run.
     */
    private static void clusterCpu(JsonNode score, Map<String, MetricSamples> metrics) {
        add(metrics, "cpu.cluster", "cluster CPU busy", "% of all cluster cores", Better.NEITHER, "run",
                score.path("clusterCpu").path("percent"));
    }

    private static void add(Map<String, MetricSamples> metrics, String key, String label, String unit,
                            Better better, String sampledPer, JsonNode value) {
        if (!value.isNumber() || Double.isNaN(value.asDouble())) {
            return; // not recorded (an application-only run has no infrastructure score)
        }
        MetricSamples one = new MetricSamples(key, label, unit, better, sampledPer, List.of(value.asDouble()));
        metrics.merge(key, one, MetricSamples::plus);
    }

    /**
     * The lines of a JSON-lines file; an absent file (no infrastructure operations) has none. A bundle
     * with a line that does not parse was refused before ({@code BundleIntegrity}).
     */
    private static List<JsonNode> jsonLines(BundleReader bundle, String name) throws BadCompareInput {
        try {
            return bundle.lines(name).map(lines -> lines.lines().stream().map(BundleReader.Line::node).toList())
                    .orElse(List.of());
        } catch (IOException e) {
            throw new BadCompareInput("cannot read " + bundle.directory().resolve(name) + ": " + oneLine(e));
        }
    }

    private static String oneLine(IOException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse("");
    }
}
