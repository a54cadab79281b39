package org.tilemark.scoring;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/** The scoring formula, as static pure functions (see the package documentation). */
public final class Scoring {

    static final double APPLICATION_WEIGHT = 0.8;
    static final double INFRASTRUCTURE_WEIGHT = 0.2;

    private Scoring() {
    }

    /** Normalizes a workload's throughput by its reference and checks every rule against it. */
    public static WorkloadScore workload(WorkloadResult r, double reference, List<QosRule> rules) {
        return workload(r, reference, rules, true);
    }

    /**
     * As {@link #workload(WorkloadResult, double, List)}, marked scored or not: an unscored workload's
     * normalized value is reported but stays out of the tile's geometric mean.
     */
    public static WorkloadScore workload(WorkloadResult r, double reference, List<QosRule> rules, boolean scored) {
        Require.nonNull(r, "result");
        Require.positive(reference, "reference");
        List<QosCheck> checks = Require.listCopy(rules, "rules").stream().map(rule -> rule.check(r)).toList();
        return new WorkloadScore(r.tile(), r.workload(), r.metricUnit(), r.throughput(), reference,
                r.throughput() / reference, QosVerdict.of(checks), r, scored);
    }

    /**
     * Geometric mean of the scored workloads' normalized scores (each score's {@link WorkloadScore#scored()}
     * decides); every workload's QoS counts. QoS reasons prefixed "tile N workload: ".
     */
    public static TileScore tile(int tile, List<WorkloadScore> scores) {
        List<WorkloadScore> workloads = Require.listCopy(scores, "scores");
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("scores must not be empty");
        }
        return tileOf(tile, workloads);
    }

    /**
     * A tile whose score is the geometric mean over {@code scored} only (0 when it is empty), while its QoS verdict covers
     * both lists (VMmark's standby server must stay up but is not scored). The lists decide the
     * {@link WorkloadScore#scored()} flag of their entries; {@link TileScore#workloads()} holds
     * {@code scored} then {@code unscored}.
     */
    public static TileScore tile(int tile, List<WorkloadScore> scored, List<WorkloadScore> unscored) {
        List<WorkloadScore> workloads = new ArrayList<>();
        Require.listCopy(scored, "scored").forEach(score -> workloads.add(score.withScored(true)));
        Require.listCopy(unscored, "unscored").forEach(score -> workloads.add(score.withScored(false)));
        return tileOf(tile, workloads);
    }

    private static TileScore tileOf(int tile, List<WorkloadScore> workloads) {
        QosVerdict qos = QosVerdict.pass();
        for (WorkloadScore score : workloads) {
            qos = qos.and(score.qos().prefixed("tile " + tile + " " + score.workload() + ": "));
        }
        double[] normalized = workloads.stream().filter(WorkloadScore::scored)
                .mapToDouble(WorkloadScore::normalized).toArray();
        // A tile of unscored workloads only (the standby alone, as a smoke test of a platform) did no scored work:
        // it adds nothing to the application score, while its QoS still decides the verdict.
        return new TileScore(tile, workloads, normalized.length == 0 ? 0 : geometricMean(normalized), qos);
    }

    /** A phase without an infrastructure verdict (infrastructure QoS passed or not checked). */
    public static PhaseScore phase(int phase, List<TileScore> tiles, OptionalDouble infrastructure) {
        return phase(phase, tiles, infrastructure, QosVerdict.pass());
    }

    /** A phase from its tiles, with the infrastructure result when operations ran. */
    public static PhaseScore phase(int phase, List<TileScore> tiles, Optional<InfraPhase> infra) {
        Require.nonNull(infra, "infra");
        return infra.isEmpty() ? phase(phase, tiles, OptionalDouble.empty())
                : phase(phase, tiles, OptionalDouble.of(infra.get().score().score()), infra.get().qos());
    }

    /**
     * Sums the tiles into the application score and weighs it with the infrastructure score when there
     * is one. Infrastructure QoS reasons are prefixed "infrastructure: ".
     */
    public static PhaseScore phase(int phase, List<TileScore> tiles, OptionalDouble infrastructure,
            QosVerdict infrastructureQos) {
        List<TileScore> tileScores = Require.listCopy(tiles, "tiles");
        Require.nonNull(infrastructure, "infrastructure");
        Require.nonNull(infrastructureQos, "infrastructureQos");
        Set<Integer> seen = new HashSet<>();
        QosVerdict qos = QosVerdict.pass();
        double application = 0;
        for (TileScore tile : tileScores) {
            if (!seen.add(tile.tile())) {
                throw new IllegalArgumentException("tiles holds tile " + tile.tile() + " twice");
            }
            application += tile.score();
            qos = qos.and(tile.qos());
        }
        qos = qos.and(infrastructureQos.prefixed("infrastructure: "));
        double score = infrastructure.isPresent()
                ? APPLICATION_WEIGHT * application + INFRASTRUCTURE_WEIGHT * infrastructure.getAsDouble()
                : application;
        return new PhaseScore(phase, tileScores, application, infrastructure, score, infrastructure.isEmpty(), qos);
    }

    /**
     * The median phase score. If any phase lacks an infrastructure score the whole run is scored
     * application-only (medians of application scores), so phases are never compared across formulas.
     */
    public static RunScore run(List<PhaseScore> phases) {
        List<PhaseScore> all = Require.listCopy(phases, "phases");
        if (all.isEmpty()) {
            throw new IllegalArgumentException("phases must not be empty");
        }
        int tiles = all.getFirst().tiles().size();
        Set<Integer> seen = new HashSet<>();
        List<String> reasons = new ArrayList<>();
        boolean applicationOnly = false;
        for (PhaseScore phase : all) {
            if (!seen.add(phase.phase())) {
                throw new IllegalArgumentException("phases holds phase " + phase.phase() + " twice");
            }
            if (phase.tiles().size() != tiles) {
                throw new IllegalArgumentException("phases differ in tile count: phase " + phase.phase() + " has "
                        + phase.tiles().size() + ", phase " + all.getFirst().phase() + " has " + tiles);
            }
            applicationOnly |= phase.applicationOnly();
            phase.qos().reasons().forEach(reason -> reasons.add("phase " + phase.phase() + ": " + reason));
        }
        boolean compliant = all.stream().allMatch(phase -> phase.qos().passed());
        boolean scoreApplication = applicationOnly;
        double[] values = all.stream()
                .mapToDouble(phase -> scoreApplication ? phase.application() : phase.score()).toArray();
        return new RunScore(all, tiles, median(values), applicationOnly, compliant, reasons,
                ConfidenceInterval.of95(values));
    }

    /** Geometric mean; any value <= 0 gives 0 (a workload that did nothing zeroes its tile, as in VMmark). */
    public static double geometricMean(double... values) {
        Require.nonNull(values, "values");
        if (values.length == 0) {
            throw new IllegalArgumentException("values must not be empty");
        }
        double logSum = 0;
        boolean anyNonPositive = false;
        for (double value : values) {
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("values must be finite, got " + value);
            }
            if (value <= 0) {
                anyNonPositive = true;
            } else {
                logSum += Math.log(value); // logs avoid overflow/underflow of a long product
            }
        }
        return anyNonPositive ? 0 : Math.exp(logSum / values.length);
    }

    /** Median; of an even count, the mean of the two middle values. */
    static double median(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("values must not be empty");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** "Score: 1.02 @ 1 tile (compliant)"; application-only runs say so: "(compliant, application only)". */
    public static String format(RunScore s) {
        Require.nonNull(s, "score");
        return String.format(Locale.ROOT, "Score: %.2f @ %d %s (%s%s)", s.score(), s.tiles(),
                s.tiles() == 1 ? "tile" : "tiles", RunVerdict.of(s.compliant()).word(),
                s.applicationOnly() ? ", application only" : "");
    }

    /** Infrastructure score: per operation type, ops/hour over its reference; geometric mean of those. */
    public static InfraScore infrastructure(Map<String, Double> opsPerHour, Map<String, Double> referenceOpsPerHour) {
        Map<String, Double> measured = Require.mapCopy(opsPerHour, "opsPerHour");
        Map<String, Double> references = Require.mapCopy(referenceOpsPerHour, "referenceOpsPerHour");
        if (measured.isEmpty()) {
            throw new IllegalArgumentException("opsPerHour must not be empty");
        }
        List<InfraOpScore> operations = new ArrayList<>();
        measured.forEach((operation, rate) -> {
            Double reference = references.get(operation);
            if (reference == null) {
                throw new IllegalArgumentException("referenceOpsPerHour has no entry for " + operation);
            }
            Require.nonNegative(rate, "opsPerHour[" + operation + "]");
            Require.positive(reference, "referenceOpsPerHour[" + operation + "]");
            operations.add(new InfraOpScore(operation, rate, reference, rate / reference));
        });
        double score = geometricMean(operations.stream().mapToDouble(InfraOpScore::normalized).toArray());
        return new InfraScore(operations, score);
    }

    /** Units per period, e.g. {@code ratePer(1200, 20 min, 1 min) = 60} (orders/min), or ops per hour. */
    public static double ratePer(long units, Duration measured, Duration per) {
        Require.nonNegative(units, "units");
        Require.nonNull(measured, "measured");
        Require.nonNull(per, "per");
        if (measured.isZero() || measured.isNegative() || per.isZero() || per.isNegative()) {
            throw new IllegalArgumentException("measured and per must be positive, were " + measured + ", " + per);
        }
        return units * (per.toNanos() / (double) measured.toNanos());
    }
}
