package org.tilemark.harness.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.TileScale;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.RunVerdict;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadScore;

/**
 * The run's verdict: compliant, non-compliant, aborted or failed, with every reason — QoS rules that
 * failed (naming phase, tile, workload and rule), the VMs that took the errors, events such as a
 * VM that died, and committed data an audit did not find.
 */
record Verdict(RunVerdict verdict, RunScore score, List<String> reasons, String scoreLine, int exitCode) {

    /** The verdict's word, as score.json, the console and the live page say it. */
    String word() {
        return verdict.word();
    }

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
        List<String> reasons = runReasons(spec, phases.size(), events, aborted, failure);
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
        Outcome outcome = Outcome.of(score != null, aborted, failure, score != null && score.compliant(), RunVerdict.COMPLIANT, reasons);
        return new Verdict(outcome.verdict(), score, List.copyOf(reasons), line(score, spec.run().tiles(), outcome.word(), spec.run().tileScale()),
                outcome.exit());
    }

    /**
     * The verdict of an infrastructure-only run: nothing is scored, so it answers to the operations
     * alone — every type completed in every phase and none failed (each phase's infrastructure QoS),
     * no VM stopped unexpectedly, the run neither failed nor was aborted.
     */
    static Verdict infrastructureOnly(BenchmarkSpec spec, java.util.Map<Integer, InfraPhase> phases, List<RunEvents.Event> events,
                                      boolean aborted, String failure) {
        List<String> reasons = runReasons(spec, phases.size(), events, aborted, failure);
        phases.forEach((phase, infra) -> infra.qos().reasons()
                .forEach(reason -> reasons.add("phase " + phase + ": infrastructure: " + reason)));
        Outcome outcome = Outcome.of(!phases.isEmpty(), aborted, failure, true, RunVerdict.INFRASTRUCTURE_ONLY, reasons);
        String word = outcome.word();
        long succeeded = phases.values().stream().flatMap(p -> p.completed().values().stream()).mapToLong(Long::longValue).sum();
        long failedOps = phases.values().stream().flatMap(p -> p.failed().values().stream()).mapToLong(Long::longValue).sum();
        String line = String.format(Locale.ROOT, "Infrastructure only @ %d %s: %d operation(s) succeeded, %d failed over %d %s, not scored (%s)",
                spec.run().tiles(), spec.run().tiles() == 1 ? "tile" : "tiles", succeeded, failedOps, phases.size(),
                phases.size() == 1 ? "phase" : "phases", word);
        return new Verdict(outcome.verdict(), null, List.copyOf(reasons), line, outcome.exit());
    }

    /** What every run's verdict answers to first: its failure, an abort, VMs that stopped unexpectedly. */
    private static List<String> runReasons(BenchmarkSpec spec, int phasesDone, List<RunEvents.Event> events, boolean aborted,
                                           String failure) {
        List<String> reasons = new ArrayList<>();
        if (failure != null) {
            reasons.add(failed(failure));
        }
        if (aborted) {
            reasons.add("run aborted after " + phasesDone + " of " + spec.run().phases() + " phases");
        }
        for (RunEvents.Event e : events) {
            if (e.vmStopped()) {
                reasons.add(e.reason());
            }
        }
        return reasons;
    }

    /** The verdict's word and exit code; a run that measured nothing gets the reason why added. */
    private record Outcome(RunVerdict verdict, int exit) {

        String word() {
            return verdict.word();
        }

        /**
         * @param measured  whether a phase completed
         * @param passed    whether what was measured passed (the reasons must also be empty)
         * @param clean     the verdict of a run that passed with no reason against it
         */
        static Outcome of(boolean measured, boolean aborted, String failure, boolean passed, RunVerdict clean, List<String> reasons) {
            if (failure != null || (!measured && !aborted)) {
                if (failure == null) {
                    reasons.add("no measurement phase completed");
                }
                return new Outcome(RunVerdict.FAILED, RunOutcome.RUNTIME_FAILURE);
            }
            if (aborted) {
                return new Outcome(RunVerdict.ABORTED, RunOutcome.RUNTIME_FAILURE);
            }
            return passed && reasons.isEmpty() ? new Outcome(clean, RunOutcome.COMPLIANT)
                    : new Outcome(RunVerdict.NON_COMPLIANT, RunOutcome.NON_COMPLIANT);
        }
    }

    /** The reason a run's failure gives, as the verdict lists it. */
    static String failed(String failure) {
        return "run failed: " + failure;
    }

    /** The score line; it ends with the tile scale, so a scaled tile's score is never quoted as a standard one. */
    static String line(RunScore score, int tiles, String word, double tileScale) {
        return line(score, tiles, word) + "; " + TileScale.phrase(tileScale);
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
