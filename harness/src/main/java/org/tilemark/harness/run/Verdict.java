package org.tilemark.harness.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadScore;

/**
 * The run's verdict: compliant, non-compliant, aborted or failed, with every reason — QoS rules that
 * failed (naming phase, tile, workload and rule), the VMs that took the errors, events such as a
 * VM that died, and committed data an audit did not find.
 */
record Verdict(String word, RunScore score, List<String> reasons, String scoreLine, int exitCode) {

    static Verdict of(BenchmarkSpec spec, List<PhaseScore> phases, List<RunEvents.Event> events, boolean aborted, String failure) {
        return of(spec, phases, events, aborted, failure, Optional.empty());
    }

    static Verdict of(BenchmarkSpec spec, List<PhaseScore> phases, List<RunEvents.Event> events, boolean aborted, String failure,
                      Optional<Integer> stoppedAfter) {
        return of(spec, phases, events, aborted, failure, stoppedAfter, List.of());
    }

    /**
     * @param stoppedAfter the failed phase after which the run stopped measuring, if it did
     * @param audits       the drivers' checks of committed data: one that did not pass makes the run non-compliant
     */
    static Verdict of(BenchmarkSpec spec, List<PhaseScore> phases, List<RunEvents.Event> events, boolean aborted, String failure,
                      Optional<Integer> stoppedAfter, List<ScoreFile.Audit> audits) {
        RunScore score = phases.isEmpty() ? null : Scoring.run(phases);
        List<String> reasons = new ArrayList<>();
        if (failure != null) {
            reasons.add(failed(failure));
        }

        if (aborted) {
            reasons.add("run aborted after " + phases.size() + " of " + spec.run().phases() + " phases");
        }
        for (RunEvents.Event e : events) {
            if (e.what().startsWith("VM ")) {
                reasons.add(e.what() + " at " + e.at());
            }
        }
        if (score != null) {
            reasons.addAll(score.reasons());
            for (PhaseScore phase : phases) {
                for (TileScore tile : phase.tiles()) {
                    for (WorkloadScore w : tile.workloads()) {
                        if (!w.qos().passed() && !w.result().errorsByVm().isEmpty()) {
                            reasons.add("phase " + phase.phase() + ": tile " + tile.tile() + " " + w.workload()
                                    + ": failed requests by VM: " + w.result().errorsByVm());
                        }
                    }
                }
            }
        }
        audits.forEach(a -> a.reason().ifPresent(reasons::add));
        stoppedAfter.ifPresent(phase -> reasons.add("stopped after phase " + phase + " of " + spec.run().phases()
                + ": it failed QoS, so the run could no longer comply"));
        String word;
        int exit;
        if (failure != null || (score == null && !aborted)) {
            word = "failed";
            exit = RunOutcome.RUNTIME_FAILURE;
            if (failure == null) {
                reasons.add("no measurement phase completed");
            }
        } else if (aborted) {
            word = "aborted";
            exit = RunOutcome.RUNTIME_FAILURE;
        } else if (score.compliant() && reasons.isEmpty()) {
            word = "compliant";
            exit = RunOutcome.COMPLIANT;
        } else {
            word = "non-compliant";
            exit = RunOutcome.NON_COMPLIANT;
        }
        return new Verdict(word, score, List.copyOf(reasons), line(score, spec.run().tiles(), word), exit);
    }

    /** The reason a run's failure gives, as the verdict lists it. */
    static String failed(String failure) {
        return "run failed: " + failure;
    }

    static String line(RunScore score, int tiles, String word) {
        if (score == null) {
            return "Score: none @ " + tiles + (tiles == 1 ? " tile" : " tiles") + " (" + word + ")";
        }
        String tileWord = score.tiles() == 1 ? "tile" : "tiles";
        String confidence = String.format(Locale.ROOT, "; %.0f %% CI %.2f-%.2f over %d %s",
                100 * score.confidence().level(), score.confidence().low(), score.confidence().high(),
                score.phases().size(), score.phases().size() == 1 ? "phase" : "phases");
        if (score.applicationOnly()) {
            return String.format(Locale.ROOT, "Score: %.2f @ %d %s (%s)%s", score.score(), score.tiles(), tileWord, word,
                    confidence);
        }
        return String.format(Locale.ROOT, "Score: %.2f @ %d %s%s, %s%s", score.score(), score.tiles(),
                tileWord, ScoreJsonRebuild.subScores(score), word, confidence);
    }
}
