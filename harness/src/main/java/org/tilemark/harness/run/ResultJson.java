package org.tilemark.harness.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.scoring.WorkloadScore;

/** The bundle's JSON shapes for measured and scored results (see docs/results-bundle.md). */
final class ResultJson {

    private ResultJson() {
    }

    static ObjectNode operations(WorkloadResult result) {
        ObjectNode ops = ResultsBundle.object();
        result.operations().forEach((name, s) -> ops.set(name, operation(s)));
        return ops;
    }

    static ObjectNode operation(OperationStats s) {
        ObjectNode node = ResultsBundle.object();
        node.put("count", s.count());
        node.put("errors", s.errors());
        node.put("meanMs", round(s.meanMs()));
        node.put("p50Ms", round(s.p50Ms()));
        node.put("p90Ms", round(s.p90Ms()));
        node.put("p95Ms", round(s.p95Ms()));
        node.put("p99Ms", round(s.p99Ms()));
        node.put("maxMs", round(s.maxMs()));
        return node;
    }

    /** The common fields of a measured workload (an interval line or a phase's workload entry). */
    static void measured(ObjectNode node, WorkloadResult r) {
        node.put("metric", r.metricUnit());
        node.put("throughput", round(r.throughput()));
        node.put("attempts", r.attempts());
        node.put("errors", r.errors());
        node.put("rollbacks", r.rollbacks());
        node.put("scheduleLagP99Ms", round(r.scheduleLagP99Ms()));
        ObjectNode byVm = node.putObject("errorsByVm");
        r.errorsByVm().forEach(byVm::put);
        node.set("operations", operations(r));
    }

    static ObjectNode score(RunScore score, String runId, String verdict, List<String> reasons, List<RunEvents.Event> events,
                            String scoreLine) {
        ObjectNode root = ResultsBundle.object();
        root.put("runId", runId);
        root.put("tiles", score == null ? 0 : score.tiles());
        if (score != null) {
            root.put("score", round(score.score()));
        } else {
            root.putNull("score");
        }
        root.put("scoreLine", scoreLine);
        root.put("applicationOnly", score == null || score.applicationOnly());
        if (score != null) {
            root.put("application", round(score.application()));
            if (score.infrastructure().isPresent()) {
                root.put("infrastructure", round(score.infrastructure().getAsDouble()));
            } else {
                root.putNull("infrastructure");
            }
        }
        root.put("compliant", "compliant".equals(verdict));
        root.put("verdict", verdict);
        ArrayNode why = root.putArray("reasons");
        reasons.forEach(why::add);
        if (score != null) {
            ObjectNode ci = root.putObject("confidence");
            ci.put("low", round(score.confidence().low()));
            ci.put("high", round(score.confidence().high()));
            ci.put("level", score.confidence().level());
        }
        ArrayNode phases = root.putArray("phases");
        if (score != null) {
            score.phases().forEach(p -> phases.add(phase(p)));
        }
        ArrayNode happened = root.putArray("events");
        for (RunEvents.Event e : events) {
            ObjectNode event = happened.addObject();
            event.put("at", e.at().toString());
            event.put("what", e.what());
        }
        return root;
    }

    private static ObjectNode phase(PhaseScore p) {
        ObjectNode node = ResultsBundle.object();
        node.put("phase", p.phase());
        node.put("score", round(p.score()));
        node.put("application", round(p.application()));
        if (p.infrastructure().isPresent()) {
            node.put("infrastructure", round(p.infrastructure().getAsDouble()));
        } else {
            node.putNull("infrastructure");
        }
        node.put("compliant", p.qos().passed());
        ArrayNode reasons = node.putArray("reasons");
        p.qos().reasons().forEach(reasons::add);
        ArrayNode tiles = node.putArray("tiles");
        for (TileScore t : p.tiles()) {
            ObjectNode tile = tiles.addObject();
            tile.put("tile", t.tile());
            tile.put("score", round(t.score()));
            tile.put("compliant", t.qos().passed());
            ArrayNode tileReasons = tile.putArray("reasons");
            t.qos().reasons().forEach(tileReasons::add);
            ArrayNode workloads = tile.putArray("workloads");
            for (WorkloadScore w : t.workloads()) {
                ObjectNode wl = workloads.addObject();
                wl.put("workload", w.workload());
                wl.put("scored", w.scored());
                wl.put("reference", w.reference());
                wl.put("normalized", round(w.normalized()));
                wl.put("passed", w.qos().passed());
                ArrayNode wr = wl.putArray("reasons");
                w.qos().reasons().forEach(wr::add);
                measured(wl, w.result());
            }
        }
        return node;
    }

    /** The harness's own cost: CPU seconds the drivers and endpoints used per tile-minute of measurement. */
    /** Adds each scored phase's per-operation infrastructure rates ({@code phases[].infraOperations}). */
    static void infrastructure(ObjectNode score, java.util.Map<Integer, InfraPhase> byPhase) {
        for (var phase : score.withArray("phases")) {
            InfraPhase infra = byPhase.get(phase.get("phase").asInt());
            if (infra == null) {
                continue;
            }
            ArrayNode ops = ((ObjectNode) phase).putArray("infraOperations");
            infra.score().operations().forEach(op -> ops.addObject()
                    .put("operation", op.operation())
                    .put("completed", infra.completed().getOrDefault(op.operation(), 0L))
                    .put("failed", infra.failed().getOrDefault(op.operation(), 0L))
                    .put("opsPerHour", round(op.opsPerHour()))
                    .put("referenceOpsPerHour", round(op.referenceOpsPerHour()))
                    .put("normalized", round(op.normalized())));
        }
    }

    /** The cluster's CPU utilization over the measured phases, as a share of all its hosts' cores. */
    static void clusterCpu(ObjectNode score, MeasurementLoop.Summary summary) {
        if (summary.clusterCpuPercent().isPresent()) {
            score.putObject("clusterCpu").put("percent", round(summary.clusterCpuPercent().getAsDouble()));
        } else {
            score.putNull("clusterCpu");
        }
    }

    static void harnessCpu(ObjectNode score, MeasurementLoop.Summary summary, int tiles) {
        ObjectNode cpu = score.putObject("harnessCpu");
        double cpuSeconds = summary.harnessCpu().toNanos() / 1e9;
        double tileMinutes = tiles * summary.measured().toNanos() / 60e9;
        cpu.put("cpuSeconds", round(cpuSeconds));
        cpu.put("tileMinutes", round(tileMinutes));
        cpu.put("cpuSecondsPerTileMinute", tileMinutes == 0 ? 0 : round(cpuSeconds / tileMinutes));
    }

    static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
