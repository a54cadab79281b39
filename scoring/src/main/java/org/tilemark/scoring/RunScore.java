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

    /**
     * The application score of the phase whose score is reported (the median phase; of an even count,
     * the mean of the two middle phases', as the score is their mean), so that the score line's parts
     * belong to its score: score = 0.8·application + 0.2·infrastructure.
     */
    public double application() {
        return reported().stream().mapToDouble(PhaseScore::application).average().orElseThrow();
    }

    /** The infrastructure score of the reported phase (see {@link #application()}); empty for an application-only run. */
    public java.util.OptionalDouble infrastructure() {
        if (applicationOnly) {
            return java.util.OptionalDouble.empty();
        }
        return reported().stream().mapToDouble(p -> p.infrastructure().orElseThrow()).average();
    }

    /** The median phase by the value the run is scored on, or the two middle ones of an even count. */
    private List<PhaseScore> reported() {
        List<PhaseScore> sorted = phases.stream().sorted(java.util.Comparator.comparingDouble(
                (PhaseScore p) -> applicationOnly ? p.application() : p.score())).toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? List.of(sorted.get(middle)) : sorted.subList(middle - 1, middle + 1);
    }
}
