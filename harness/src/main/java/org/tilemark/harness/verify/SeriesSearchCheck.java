package org.tilemark.harness.verify;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.scoring.RunVerdict;

/**
 * {@code tilemark verify} of a series search's directory ({@code search --series}): its manifest and signature, which
 * cover every step's files; then each step's own run bundle verified as a run's is (its score recomputed from its
 * intervals and histogram logs); then each step of search.json and steps.jsonl against its run's score.json (tiles,
 * verdict, score, its parts, its confidence interval and reasons), and the maximum a step that passed. So an edited
 * step is caught whether the edit is in the run's files or in the search's.
 */
final class SeriesSearchCheck {

    private SeriesSearchCheck() {
    }

    /** Whether {@code bundle} is a series search's: search.json without a run's files beside it. */
    static boolean holds(Path bundle) {
        BundleReader reader = BundleReader.of(bundle);
        return reader.has(BundleLayout.SEARCH) && !reader.has(BundleLayout.INTERVALS) && !reader.has(BundleLayout.RUN);
    }

    static String check(Path bundle, Optional<X509Certificate> trusted) throws NotABundle, BundleMismatch, IOException {
        BundleFilesRead.onlyRegularFiles(bundle);
        if (!BundleReader.of(bundle).has(BundleLayout.SEARCH_STEPS)) {
            throw new NotABundle(bundle + " is not a complete search bundle (no " + BundleLayout.SEARCH_STEPS + ")");
        }
        BundleIntegrity.seal(bundle, true);
        Optional<ManifestSignature.Signer> signer = ManifestSignature.verify(bundle, trusted);
        SearchFile search = SearchFileRead.load(bundle);
        Set<Path> named = new HashSet<>();
        List<String> counts = new ArrayList<>();
        int runsVerified = 0;
        for (SearchFile.Step step : search.steps()) {
            if (step.inOneRun()) {
                throw new BundleMismatch(where(step) + ": names phases of a run, yet the search is a series of runs");
            }
            Optional<Path> run = runOf(bundle, step, named);
            Optional<ScoreFile> score = run.isEmpty() ? Optional.empty() : scoreOf(run.get());
            if (score.isPresent()) {
                verifyRun(bundle, run.get());
                runsVerified++;
            }
            compare(step, score);
            counts.add(Integer.toString(step.tiles()));
        }
        SearchFileRead.maximumPassed(search);
        return searchId(bundle) + ": manifest intact" + signer.map(s -> ", signed by " + s.subject()).orElse(", unsigned")
                + "; a series of runs: " + search.steps().size() + " steps (tiles " + String.join(", ", counts) + "), "
                + runsVerified + " step run bundle(s) verified and each step matching its run's score.json; "
                + (search.maxTiles() == null ? "no maximum" : "max " + search.maxTiles());
    }

    private static String searchId(Path bundle) {
        try {
            return BundleReader.of(bundle).searchConfig().map(SearchFile.Config::searchId)
                    .orElse(bundle.getFileName().toString());
        } catch (BundleReader.DamagedFile | IOException e) {
            return bundle.getFileName().toString();
        }
    }

    /**
     * The step's run bundle, inside the search's directory (its manifest covers only what is inside) and named by no
     * other step; empty for a step whose run ended before it wrote one.
     */
    private static Optional<Path> runOf(Path bundle, SearchFile.Step step, Set<Path> named) throws BundleMismatch {
        if (step.bundle() == null) {
            return Optional.empty();
        }
        Path root = bundle.toAbsolutePath().normalize();
        Path run = root.resolve(step.bundle()).normalize();
        if (!run.startsWith(root) || run.equals(root)) {
            throw new BundleMismatch(where(step) + ": its bundle " + step.bundle() + " is not inside the search's directory");
        }
        if (!Files.isDirectory(run)) {
            throw new BundleMismatch(where(step) + ": its bundle " + step.bundle() + " is missing");
        }
        if (!named.add(run)) {
            throw new BundleMismatch(where(step) + ": its bundle " + step.bundle() + " is an earlier step's too");
        }
        return Optional.of(run);
    }

    private static Optional<ScoreFile> scoreOf(Path run) throws BundleMismatch, IOException {
        try {
            return BundleReader.of(run).score();
        } catch (BundleReader.DamagedFile e) {
            throw new BundleMismatch(e.getMessage());
        }
    }

    /** The step's run verified as {@code tilemark verify} verifies a run, its problem named with the step's path. */
    private static void verifyRun(Path bundle, Path run) throws BundleMismatch, IOException {
        String at = bundle.toAbsolutePath().normalize().relativize(run).toString();
        try {
            BundleVerifier.check(run, Optional.empty());
        } catch (NotABundle e) {
            throw new BundleMismatch(at + ": " + e.getMessage());
        } catch (BundleMismatch e) {
            throw new BundleMismatch(at + ": " + e.getMessage());
        }
    }

    /** The step as search.json records it against its run's verified score.json (none: the run was not scored). */
    private static void compare(SearchFile.Step step, Optional<ScoreFile> run) throws BundleMismatch {
        String where = where(step);
        if (run.isEmpty() || !run.get().scored()) {
            if (step.score() != null || step.verdict() == RunVerdict.COMPLIANT) {
                throw BundleMismatch.of(where + " score", step.score() + " (" + step.verdict() + ")",
                        "none: its run wrote no score");
            }
            return;
        }
        ScoreFile score = run.get();
        same(where + " tiles", step.tiles(), score.tiles());
        same(where + " verdict", step.verdict(), score.verdict());
        same(where + " score", step.score(), score.score());
        same(where + " application", step.application(), score.totals().application());
        same(where + " infrastructure", step.infrastructure(), score.totals().infrastructure());
        ScoreFile.Confidence ci = score.totals().confidence();
        same(where + " confidence", step.confidence() == null ? null : List.of(step.confidence().low(), step.confidence().high()),
                ci == null ? null : List.of(ci.low(), ci.high()));
        same(where + " reasons", step.reasons(), score.reasons());
    }

    private static void same(String what, Object recorded, Object run) throws BundleMismatch {
        if (!Objects.equals(recorded, run)) {
            throw BundleMismatch.of(what, recorded, run + " (its run's " + BundleLayout.SCORE + ")");
        }
    }

    private static String where(SearchFile.Step step) {
        return BundleLayout.SEARCH + " step " + step.step();
    }
}
