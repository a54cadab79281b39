package org.tilemark.scoring;

import java.util.List;

/**
 * A whole run: the median phase score, compliant only if every phase's QoS passed.
 *
 * @param tiles      tiles in every phase
 * @param reasons    every failed check, prefixed "phase N: tile M workload: "
 * @param confidence 95 % t-interval of the (mean) phase score, for judging run-to-run noise
 */
public record RunScore(List<PhaseScore> phases, int tiles, double score, boolean applicationOnly, boolean compliant,
        List<String> reasons, ConfidenceInterval confidence) {

    public RunScore {
        phases = Require.listCopy(phases, "phases");
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("phases must not be empty");
        }
        Require.nonNegative(tiles, "tiles");
        Require.nonNegative(score, "score");
        reasons = Require.listCopy(reasons, "reasons");
        if (!compliant && reasons.isEmpty()) {
            throw new IllegalArgumentException("reasons must name why a non-compliant run failed");
        }
        Require.nonNull(confidence, "confidence");
    }

    /** The median of the phases' application scores. */
    public double application() {
        return Scoring.median(phases.stream().mapToDouble(PhaseScore::application).toArray());
    }

    /** The median of the phases' infrastructure scores; empty for an application-only run. */
    public java.util.OptionalDouble infrastructure() {
        if (applicationOnly) {
            return java.util.OptionalDouble.empty();
        }
        return java.util.OptionalDouble.of(Scoring.median(phases.stream()
                .mapToDouble(p -> p.infrastructure().orElseThrow()).toArray()));
    }
}
