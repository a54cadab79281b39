package org.tilemark.harness.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.run.VmStop;
import org.tilemark.harness.run.ScoringInputs;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.RunVerdict;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.Workloads;

/**
 * {@code tilemark verify} of a one-run search's bundle: the manifest and signature, every interval recomputed
 * from the histogram logs as for a run, then each step of search.json and steps.jsonl recomputed from the phases
 * it names (their tiles, score and verdict, scored as a run of that many tiles), every measured phase in exactly
 * one step, and the maximum a step that passed.
 */
final class OneRunSearchCheck {

    /** Scores are written as computed; a recomputation from the logs may differ in the last bits only. */
    private static final double TOLERANCE = 1e-6;

    private OneRunSearchCheck() {
    }

    /** Whether {@code bundle} is a one-run search's: a run's intervals beside search.json. */
    static boolean holds(Path bundle) {
        BundleReader reader = BundleReader.of(bundle);
        return reader.has(BundleLayout.SEARCH) && reader.has(BundleLayout.INTERVALS) && !reader.has(BundleLayout.SCORE);
    }

    static String check(Path bundle, Optional<X509Certificate> trusted) throws NotABundle, BundleMismatch, IOException {
        BundleFilesRead files = BundleFilesRead.load(bundle, false);
        BundleIntegrity.seal(bundle, true);
        Optional<ManifestSignature.Signer> signer = ManifestSignature.verify(bundle, trusted);
        BenchmarkSpec spec = BundleVerifier.spec(files.run());
        List<Workload> workloads = Workloads.enabled(spec);
        IntervalRecompute intervals = IntervalRecompute.replay(spec, workloads, files);
        InfraRecompute infra = InfraRecompute.of(spec, Set.of(), files.infraOps(), intervals.windows());
        Map<Integer, Map<Integer, Map<String, WorkloadResult>>> measured = intervals.phases(false);
        SearchFile search = SearchFileRead.load(bundle);
        Set<Integer> claimed = new TreeSet<>();
        List<String> counts = new ArrayList<>();
        for (SearchFile.Step step : search.steps()) {
            RunScore score = step(spec, workloads, measured, intervals.windows(), infra, step, claimed);
            compare(step, score);
            counts.add(Integer.toString(step.tiles()));
        }
        Set<Integer> unclaimed = new TreeSet<>(measured.keySet());
        unclaimed.removeAll(claimed);
        if (!unclaimed.isEmpty()) {
            throw new BundleMismatch(BundleLayout.SEARCH + ": measured phase " + unclaimed.iterator().next() + " is in no step");
        }
        SearchFileRead.maximumPassed(search);
        return BundleVerifier.manifestLine(files, signer) + "; " + intervals.lines() + " intervals and " + infra.operations()
                + " infra operations recomputed; a search in one run: " + search.steps().size() + " steps (tiles "
                + String.join(", ", counts) + "), each recomputed from its phases; "
                + (search.maxTiles() == null ? "no maximum" : "max " + search.maxTiles()) + "; bundle format " + files.format();
    }

    /** The step scored from its phases as recomputed, each phase claimed once and measured at the step's tiles. */
    private static RunScore step(BenchmarkSpec spec, List<Workload> workloads,
                                 Map<Integer, Map<Integer, Map<String, WorkloadResult>>> measured, PhaseWindows windows,
                                 InfraRecompute infra, SearchFile.Step step, Set<Integer> claimed) throws BundleMismatch {
        String where = BundleLayout.SEARCH + " step " + step.step();
        if (step.phases() == null || step.phases().isEmpty()) {
            throw new BundleMismatch(where + ": names no phases of the run");
        }
        List<PhaseScore> phases = new ArrayList<>();
        for (int phase : step.phases()) {
            Map<Integer, Map<String, WorkloadResult>> byTile = measured.get(phase);
            if (byTile == null || !claimed.add(phase)) {
                throw new BundleMismatch(where + ": phase " + phase + (byTile == null ? " has no measured intervals"
                        : " belongs to an earlier step too"));
            }
            if (byTile.size() != step.tiles()) {
                throw BundleMismatch.of(where + " tiles", step.tiles(), byTile.size() + " (the tiles measured in phase " + phase + ")");
            }
            List<TileScore> tiles = new ArrayList<>();
            for (Map.Entry<Integer, Map<String, WorkloadResult>> tile : byTile.entrySet()) {
                tiles.add(ScoringInputs.tile(spec, workloads, tile.getKey(), tile.getValue()));
            }
            // The operations are judged by the run's clock, as the loop judged them: the phase's planned length.
            phases.add(Scoring.phase(phase, tiles, infra.score(phase, windows.length(phase))));
        }
        return Scoring.run(phases);
    }

    private static void compare(SearchFile.Step step, RunScore score) throws BundleMismatch {
        String where = BundleLayout.SEARCH + " step " + step.step();
        RunVerdict verdict = RunVerdict.of(score.compliant());
        // a VM that stopped fails its step, and is no interval's to recompute: its reason stands as written
        boolean vmStopped = step.reasons().stream().anyMatch(VmStop::isStop);
        if (verdict == RunVerdict.COMPLIANT && vmStopped) {
            verdict = RunVerdict.NON_COMPLIANT;
        }
        if (step.verdict() != verdict) {
            throw BundleMismatch.of(where + " verdict", step.verdict(), verdict + " (" + String.join("; ", score.reasons()) + ")");
        }
        if (step.score() == null || Math.abs(step.score() - score.score()) > TOLERANCE * Math.max(1, score.score())) {
            throw BundleMismatch.of(where + " score", step.score(), score.score());
        }
    }
}
