package org.tilemark.harness.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.compare.MetricSamples.Better;
import org.tilemark.infra.ops.InfraOperationType;
import org.tilemark.scoring.OperationStats;

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
        RunFile run;
        ScoreFile score;
        List<IntervalLine> intervals;
        List<InfraOpLine> infraOps;
        try {
            run = reader.run().orElse(RunFile.unknown());
            score = reader.score().orElseThrow(() -> new BadCompareInput(bundle + " holds no " + BundleLayout.SCORE));
            // A bundle with a line that does not fit was refused before (BundleIntegrity).
            intervals = reader.intervalRecords().map(BundleReader.Lines::values).orElse(List.of());
            infraOps = reader.infraOps().map(BundleReader.Lines::values).orElse(List.of());
        } catch (BundleReader.DamagedFile e) {
            throw new BadCompareInput(bundle + ": " + e.getMessage());
        } catch (IOException e) {
            throw new BadCompareInput("cannot read " + bundle + ": " + oneLine(e));
        }
        Map<String, MetricSamples> metrics = new LinkedHashMap<>();
        phaseScores(score, metrics);
        PhaseMeans perPhase = new PhaseMeans();
        intervals(intervals, run, perPhase);
        infraDurations(infraOps, perPhase);
        try {
            VmProfileSamples.add(reader, perPhase);
        } catch (IOException e) {
            throw new BadCompareInput("cannot read " + bundle + ": " + oneLine(e));
        }
        perPhase.addTo(metrics);
        harnessCpu(score, metrics);
        clusterCpu(score, metrics);
        return new RunSamples(bundle, score.runId() == null ? bundle.getFileName().toString() : score.runId(),
                score.tiles(), run.tileScale(), score.scoreLine() == null ? "" : score.scoreLine(),
                List.copyOf(metrics.values()));
    }

    private static void phaseScores(ScoreFile score, Map<String, MetricSamples> metrics) {
        for (ScoreFile.Phase phase : score.phases()) {
            add(metrics, "score", "score", "", Better.HIGHER, PHASE, phase.score());
            add(metrics, "application", "application score", "", Better.HIGHER, PHASE, phase.application());
            add(metrics, "infrastructure", "infrastructure score", "", Better.HIGHER, PHASE, phase.infrastructure());
            for (ScoreFile.InfraOperation op : phase.infraOperations() == null ? List.<ScoreFile.InfraOperation>of()
                    : phase.infraOperations()) {
                String type = op.operation();
                add(metrics, "infra." + type + ".opsPerHour", InfraOperationType.displayName(type) + " rate", "ops/h",
                        Better.HIGHER, PHASE, op.opsPerHour());
            }
        }
    }

    private static void intervals(List<IntervalLine> lines, RunFile run, PhaseMeans metrics) {
        for (IntervalLine line : lines) {
            int phase = line.phase();
            if (line.warmup() || phase < 1) {
                continue;
            }
            String workload = line.workload();
            Measured measured = line.measured();
            metrics.add(phase, new MetricSamples(workload + ".throughput", workload + " throughput",
                    measured.metric() == null ? "" : measured.metric(), Better.HIGHER, PHASE, List.of()), measured.throughput());
            int percentile = (int) run.setting("workloads." + workload + ".qos.percentile").map(Double::parseDouble).orElse(95.0)
                    .doubleValue();
            measured.operations().forEach((name, op) -> {
                if (!name.startsWith(NOT_A_LATENCY_PREFIX) && op.count() > 0) {
                    metrics.add(phase, new MetricSamples(workload + ".p" + percentile + "." + name,
                            workload + " p" + percentile + " " + name, "ms", Better.LOWER, PHASE, List.of()),
                            OperationStats.isSupportedPercentile(percentile) ? op.percentileMs(percentile) : Double.NaN);
                }
            });
        }
    }

    private static void infraDurations(List<InfraOpLine> operations, PhaseMeans metrics) {
        for (InfraOpLine op : operations) {
            // The platform's own moves (DRS) have no duration of Tilemark's to compare.
            if (op.phase() >= 1 && op.succeeded() && !op.platformInitiated()) {
                String type = op.operation();
                double seconds = op.durationMs() == null ? Double.NaN : op.durationMs() / 1000.0;
                metrics.add(op.phase(), new MetricSamples("infra." + type + ".duration",
                        InfraOperationType.displayName(type) + " duration", "s", Better.LOWER, PHASE, List.of()), seconds);
            }
        }
    }

    /** The harness's own CPU (drivers, endpoints) in % of one core over the measured time: one sample per run. */
    private static void harnessCpu(ScoreFile score, Map<String, MetricSamples> metrics) {
        ScoreFile.HarnessCpu cpu = score.cost() == null ? null : score.cost().harnessCpu();
        if (cpu != null) {
            ScoreFile.HarnessCpu.percentOfOneCore(cpu.cpuSeconds(), cpu.tileMinutes(), score.tiles()).ifPresent(percent ->
                    add(metrics, "cpu.harness", "harness CPU", "% of a core", Better.NEITHER, "run", percent));
        }
    }

    /**
     * The cluster's busy CPU over the measured phases, as the platform reported it to the run (score.json's
     * clusterCpu; null where the platform could not tell): one sample per run.
     */
    private static void clusterCpu(ScoreFile score, Map<String, MetricSamples> metrics) {
        ScoreFile.ClusterCpu cpu = score.cost() == null ? null : score.cost().clusterCpu();
        add(metrics, "cpu.cluster", "cluster CPU busy", "% of all cluster cores", Better.NEITHER, "run",
                cpu == null ? null : cpu.percent());
    }

    private static void add(Map<String, MetricSamples> metrics, String key, String label, String unit,
                            Better better, String sampledPer, Double value) {
        if (value == null || Double.isNaN(value)) {
            return; // not recorded (an application-only run has no infrastructure score)
        }
        MetricSamples one = new MetricSamples(key, label, unit, better, sampledPer, List.of(value));
        metrics.merge(key, one, MetricSamples::plus);
    }

    private static String oneLine(IOException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse("");
    }
}
