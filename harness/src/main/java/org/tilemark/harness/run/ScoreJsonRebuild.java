package org.tilemark.harness.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.WorkloadResult;

/**
 * The score.json a run would have written for a recomputed score, built by the same writer the live
 * run uses, so {@code tilemark verify} compares like with like. What scoring cannot recompute (the
 * verdict word, its reasons, the score line's wording) is taken from the recorded file.
 */
public final class ScoreJsonRebuild {

    private ScoreJsonRebuild() {
    }

    public static ScoreFile of(RunScore score, Map<Integer, Optional<InfraPhase>> infraByPhase, ScoreFile recorded) {
        Map<Integer, InfraPhase> infra = new LinkedHashMap<>();
        infraByPhase.forEach((phase, scored) -> scored.ifPresent(s -> infra.put(phase, s)));
        // The score line is presentation whose wording changes between versions: verify checks its
        // numbers separately (headlinePrefix) rather than its exact text.
        return ScoreFile.of(score, infra, recorded.runId(), recorded.verdict(), recorded.reasons(), List.of(),
                recorded.scoreLine(), null, List.of());
    }

    /** The score line's parts, e.g. " (app 1.03, infra 0.56)"; empty for an application-only run. */
    public static String subScores(RunScore score) {
        return score.applicationOnly() ? "" : String.format(java.util.Locale.ROOT, " (app %.2f, infra %.2f)",
                score.application(), score.infrastructure().orElseThrow());
    }

    /** How every version's score line begins, e.g. "Score: 0.93 @ 1 tile": the numbers a reader quotes. */
    public static String headlinePrefix(RunScore score) {
        return String.format(java.util.Locale.ROOT, "Score: %.2f @ %d %s", score.score(), score.tiles(),
                score.tiles() == 1 ? "tile" : "tiles");
    }

    /** The measured fields of an intervals.jsonl line (or a phase's workload entry), as the live run writes them. */
    public static Measured measured(WorkloadResult result) {
        return Measured.of(result);
    }

    /** The rounding every number in the bundle's JSON gets. */
    public static double round(double value) {
        return Measured.round(value);
    }
}
