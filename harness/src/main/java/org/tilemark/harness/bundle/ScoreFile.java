package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.RunVerdict;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadScore;

/**
 * score.json: the verdict and, for a scored run, its totals and every phase down to each tile's
 * workloads (see docs/results-bundle.md). Built from scoring's results by {@link #of}, the one writer
 * both a live run and {@code tilemark verify} use.
 *
 * @param totals absent for a run that was not scored
 * @param cost   absent for a run that never measured
 * @param audits the drivers' checks of committed data once the load stopped (absent when none ran)
 */
public record ScoreFile(String runId, int tiles, Double score, String scoreLine, boolean applicationOnly,
                        @JsonUnwrapped Totals totals, boolean compliant, RunVerdict verdict, List<String> reasons,
                        List<Phase> phases, List<Event> events, @JsonUnwrapped Cost cost,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Audit> audits) {

    /** Top-level fields scoring does not produce (what happened around the run, its cost, the audits): verify leaves them out. */
    public static final java.util.Set<String> NOT_RECOMPUTED = java.util.Set.of("events", "harnessCpu", "clusterCpu", "audits");

    public ScoreFile {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        phases = phases == null ? List.of() : List.copyOf(phases);
        events = events == null ? List.of() : List.copyOf(events);
        audits = audits == null ? List.of() : List.copyOf(audits);
    }

    /** Whether the run was scored (a run that failed or was aborted before a phase completed was not). */
    public boolean scored() {
        return score != null;
    }

    /** The scored phase numbered {@code phase}, if score.json has it. */
    public Optional<Phase> phase(int phase) {
        return phases.stream().filter(p -> p.phase() == phase).findFirst();
    }

    /** A scored run's application and infrastructure medians (infrastructure null when application-only). */
    public record Totals(double application, Double infrastructure, Confidence confidence) {
    }

    public record Confidence(double low, double high, double level) {
    }

    /** {@code infraOperations} is absent in bundles from before infrastructure operations (then null). */
    public record Phase(int phase, double score, double application, Double infrastructure, boolean compliant,
                        List<String> reasons, List<Tile> tiles,
                        @JsonInclude(JsonInclude.Include.NON_NULL) List<InfraOperation> infraOperations) {
        public Phase {
            reasons = reasons == null ? List.of() : List.copyOf(reasons);
            tiles = tiles == null ? List.of() : List.copyOf(tiles);
        }
    }

    public record Tile(int tile, double score, boolean compliant, List<String> reasons, List<Workload> workloads) {
        public Tile {
            reasons = reasons == null ? List.of() : List.copyOf(reasons);
            workloads = workloads == null ? List.of() : List.copyOf(workloads);
        }
    }

    /** {@code scored}: false for a workload outside the tile's geometric mean (the standby server); absent (older bundles) means scored. */
    public record Workload(String workload, Boolean scored, double reference, double normalized, boolean passed,
                           List<String> reasons, @JsonUnwrapped Measured measured) {
        public Workload {
            scored = scored == null || scored;
            reasons = reasons == null ? List.of() : List.copyOf(reasons);
        }
    }

    /** One operation type's rate in a phase against its reference. */
    public record InfraOperation(String operation, long completed, long failed, double opsPerHour,
                                 double referenceOpsPerHour, double normalized) {
    }

    public record Event(String at, String what) {
        public static Event of(Instant at, String what) {
            return new Event(at.toString(), what);
        }
    }

    /**
     * A driver's check after the load stopped that what its users saw committed is still there (e.g.
     * DVD Store's confirmed orders in the database): how many it checked and missed, up to ten missing
     * ones named, or why the check could not be made ({@code error}, the counts then 0).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Audit(int tile, String workload, String subject, long checked, long missing, List<Long> missingExamples,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String error) {

        public Audit {
            missingExamples = missingExamples == null ? List.of() : List.copyOf(missingExamples);
        }

        public static Audit failed(int tile, String workload, String error) {
            return new Audit(tile, workload, null, 0, 0, List.of(), error);
        }

        public boolean passed() {
            return error == null && missing == 0;
        }

        /** What the verdict says of an audit that did not pass; empty when it passed. */
        public Optional<String> reason() {
            String who = "tile " + tile + " " + workload + ": ";
            if (error != null) {
                return Optional.of(who + "the audit of what the users saw committed could not be made: " + error);
            }
            if (missing == 0) {
                return Optional.empty();
            }
            return Optional.of(who + missing + " of " + checked + " " + subject + " missing after the run (e.g. "
                    + missingExamples.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")) + ")");
        }

        /** The console's line for the audit. */
        public String summary() {
            return reason().orElse("tile " + tile + " " + workload + ": " + checked + " " + subject + ", every one found");
        }
    }

    /** What the measurement cost: the harness's CPU and the cluster's busy CPU (null where unknown). */
    public record Cost(HarnessCpu harnessCpu, ClusterCpu clusterCpu) {
        /** {@code harnessCpu} used over {@code measured} by {@code tiles} tiles. */
        public static Cost of(Duration harnessCpu, Duration measured, int tiles, OptionalDouble clusterCpuPercent) {
            double cpuSeconds = harnessCpu.toNanos() / 1e9;
            double tileMinutes = tiles * measured.toNanos() / 60e9;
            return new Cost(new HarnessCpu(Measured.round(cpuSeconds), Measured.round(tileMinutes),
                    tileMinutes == 0 ? 0 : Measured.round(cpuSeconds / tileMinutes)),
                    clusterCpuPercent.isPresent() ? new ClusterCpu(Measured.round(clusterCpuPercent.getAsDouble())) : null);
        }
    }

    /** The harness's own CPU: seconds the drivers and endpoints used per tile-minute of measurement. */
    public record HarnessCpu(double cpuSeconds, double tileMinutes, double cpuSecondsPerTileMinute) {

        /** The harness's CPU in % of one core over the measured time (its tile-minutes over {@code tiles}); empty if none was measured. */
        public static OptionalDouble percentOfOneCore(double cpuSeconds, double tileMinutes, int tiles) {
            double measuredSeconds = tiles <= 0 ? 0 : tileMinutes * 60 / tiles;
            return measuredSeconds > 0 ? OptionalDouble.of(100 * cpuSeconds / measuredSeconds) : OptionalDouble.empty();
        }
    }

    /** The cluster's CPU utilization over the measured phases, as a share of all its hosts' cores. */
    public record ClusterCpu(double percent) {
    }

    /**
     * The file for {@code score} (null when nothing was scored), with each phase's infrastructure
     * operations from {@code infraByPhase} and the verdict, reasons, events and score line as given.
     */
    public static ScoreFile of(RunScore score, Map<Integer, InfraPhase> infraByPhase, String runId, RunVerdict verdict,
                               List<String> reasons, List<Event> events, String scoreLine, Cost cost, List<Audit> audits) {
        Totals totals = score == null ? null : new Totals(Measured.round(score.application()),
                rounded(score.infrastructure()), new Confidence(Measured.round(score.confidence().low()),
                        Measured.round(score.confidence().high()), score.confidence().level()));
        List<Phase> phases = score == null ? List.of()
                : score.phases().stream().map(p -> phase(p, infraByPhase.get(p.phase()))).toList();
        return new ScoreFile(runId, score == null ? 0 : score.tiles(), score == null ? null : Measured.round(score.score()),
                scoreLine, score != null && score.applicationOnly(), totals, verdict == RunVerdict.COMPLIANT, verdict,
                List.copyOf(reasons), phases, List.copyOf(events), cost, audits);
    }

    private static Phase phase(PhaseScore p, InfraPhase infra) {
        List<InfraOperation> operations = infra == null ? null : infra.score().operations().stream()
                .map(op -> new InfraOperation(op.operation(), infra.completed().getOrDefault(op.operation(), 0L),
                        infra.failed().getOrDefault(op.operation(), 0L), Measured.round(op.opsPerHour()),
                        Measured.round(op.referenceOpsPerHour()), Measured.round(op.normalized())))
                .toList();
        return new Phase(p.phase(), Measured.round(p.score()), Measured.round(p.application()), rounded(p.infrastructure()),
                p.qos().passed(), p.qos().reasons(), p.tiles().stream().map(ScoreFile::tile).toList(), operations);
    }

    private static Tile tile(TileScore t) {
        return new Tile(t.tile(), Measured.round(t.score()), t.qos().passed(), t.qos().reasons(),
                t.workloads().stream().map(ScoreFile::workload).toList());
    }

    private static Workload workload(WorkloadScore w) {
        return new Workload(w.workload(), w.scored(), w.reference(), Measured.round(w.normalized()), w.qos().passed(),
                w.qos().reasons(), Measured.of(w.result()));
    }

    private static Double rounded(OptionalDouble value) {
        return value.isPresent() ? Measured.round(value.getAsDouble()) : null;
    }
}
