package org.tilemark.harness.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.WrittenDiff;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.report.Publishability;
import org.tilemark.harness.run.ScoringInputs;
import org.tilemark.harness.run.ScoreJsonRebuild;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.Workloads;
import org.tilemark.harness.bundle.BundleLayout;

/**
 * {@code tilemark verify}: the manifest's hashes, the signature when there is one, then the score
 * recomputed from intervals.jsonl, the histogram logs and infra-ops.jsonl with the live run's scoring
 * code, compared with score.json. A re-sealed manifest does not hide an edited number: the numbers
 * are checked against each other, not only against their hashes.
 */
public final class BundleVerifier {

    /** Exit codes: verified, something disagrees, not a bundle. */
    public static final int VERIFIED = 0;
    public static final int MISMATCH = 1;
    public static final int NOT_A_BUNDLE = 2;

    /** What to tell the user: one line, and the exit code. */
    public record Outcome(int exitCode, String line) {
    }

    private BundleVerifier() {
    }

    public static Outcome verify(Path bundle, Optional<X509Certificate> trusted) {
        try {
            return new Outcome(VERIFIED, "verified: " + check(bundle, trusted));
        } catch (NotABundle e) {
            return new Outcome(NOT_A_BUNDLE, "error: BUNDLE: " + e.getMessage());
        } catch (BundleMismatch e) {
            return new Outcome(MISMATCH, "verification FAILED: " + e.getMessage());
        } catch (IOException e) {
            return new Outcome(NOT_A_BUNDLE, "error: BUNDLE: cannot read " + bundle + ": " + e.getMessage());
        }
    }

    /**
     * Signs the manifest of a bundle that verifies; the outcome says who signed, or why not (exit 2
     * for a keystore problem, naming it without the password).
     */
    public static Outcome sign(Path bundle, Path keystore, String alias, char[] password) {
        Outcome verified = verify(bundle, Optional.empty());
        if (verified.exitCode() != VERIFIED) {
            return verified;
        }
        try {
            ManifestSignature.Signer signer = ManifestSignature.sign(bundle, keystore, alias, password);
            return new Outcome(VERIFIED, verified.line() + "\nsigned: " + bundle.resolve(BundleLayout.MANIFEST_SIGNATURE)
                    + " by " + signer.subject() + " (certificate in " + BundleLayout.MANIFEST_CERTIFICATE + ")");
        } catch (IOException | java.security.GeneralSecurityException e) {
            return new Outcome(NOT_A_BUNDLE, "error: --keystore: cannot sign with alias '" + alias + "' of " + keystore
                    + ": " + e.getMessage());
        }
    }

    /** A trusted certificate from a PEM or DER file, as keytool -exportcert writes it. */
    public static X509Certificate certificate(Path file) throws IOException, java.security.cert.CertificateException {
        return ManifestSignature.certificate(file);
    }

    /** What verified, as the line after "verified: "; a search's directory is checked as a search (its shape's). */
    static String check(Path bundle, Optional<X509Certificate> trusted) throws NotABundle, BundleMismatch, IOException {
        if (OneRunSearchCheck.holds(bundle)) {
            return OneRunSearchCheck.check(bundle, trusted);
        }
        if (SeriesSearchCheck.holds(bundle)) {
            return SeriesSearchCheck.check(bundle, trusted);
        }
        BundleFilesRead files = BundleFilesRead.load(bundle);
        BundleIntegrity.seal(bundle, true);
        Optional<ManifestSignature.Signer> signer = ManifestSignature.verify(bundle, trusted);
        BenchmarkSpec spec = spec(files.run());
        if (spec.infra().only()) {
            return manifestLine(files, signer) + "; an infrastructure-only run "
                    + "(infra.only): nothing was scored, so nothing is recomputed (" + files.infraOps().size()
                    + " operations in " + BundleLayout.INFRA_OPS + ")";
        }
        List<Workload> workloads = Workloads.enabled(spec);
        IntervalRecompute intervals = IntervalRecompute.replay(spec, workloads, files);
        InfraRecompute infra = InfraRecompute.of(spec, files, intervals.windows());
        List<PhaseScore> phases = new ArrayList<>();
        Map<Integer, Optional<InfraPhase>> infraByPhase = new LinkedHashMap<>();
        for (var phase : intervals.completePhases().entrySet()) {
            List<TileScore> tiles = new ArrayList<>();
            for (Map.Entry<Integer, Map<String, WorkloadResult>> tile : phase.getValue().entrySet()) {
                tiles.add(ScoringInputs.tile(spec, workloads, tile.getKey(), tile.getValue()));
            }
            Optional<InfraPhase> infraPhase = infra.score(phase.getKey(), spec.run().phaseDuration());
            infraByPhase.put(phase.getKey(), infraPhase);
            phases.add(Scoring.phase(phase.getKey(), tiles, infraPhase));
        }
        RunScore score = compareScore(files, phases, infraByPhase);
        checkAudits(files.score());
        List<String> publishability = Publishability.reasons(files.run());
        if (files.run().publishable() && !publishability.isEmpty()) {
            throw BundleMismatch.of("run.json publishable", true, "false (" + publishability.getFirst() + ")");
        }
        return summary(files, intervals.lines(), infra.operations(), score, signer, publishability);
    }

    static BenchmarkSpec spec(RunFile run) throws BundleMismatch {
        if (!run.hasConfig()) {
            throw new BundleMismatch("run.json: no configuration snapshot ('config') to recompute the score with");
        }
        try {
            return ConfigLoader.load(run.configTree());
        } catch (ConfigException e) {
            throw new BundleMismatch("run.json config: " + e.errors().getFirst());
        }
    }

    private static RunScore compareScore(BundleFilesRead files, List<PhaseScore> phases,
                                         Map<Integer, Optional<InfraPhase>> infraByPhase) throws BundleMismatch {
        ScoreFile recorded = files.score();
        if (phases.isEmpty()) {
            if (!recorded.phases().isEmpty() || recorded.scored()) {
                throw BundleMismatch.of("score.json score", recorded.score(), "none (no complete phase in intervals.jsonl)");
            }
            return null;
        }
        RunScore score = Scoring.run(phases);
        Optional<String> first = WrittenDiff.score(files.scoreWritten(), ScoreJsonRebuild.of(score, infraByPhase, recorded));
        if (first.isPresent()) {
            throw new BundleMismatch(first.get());
        }
        String headline = ScoreJsonRebuild.headlinePrefix(score);
        String line = recorded.scoreLine() == null ? "" : recorded.scoreLine();
        String verdict = recorded.verdict() == null ? "" : recorded.verdict().word();
        // a line with its parts must carry the reported phase's (older lines lack them)
        String parts = ScoreJsonRebuild.subScores(score);
        if (line.startsWith(headline + " (app ") && !line.startsWith(headline + parts)) {
            throw BundleMismatch.of("score.json scoreLine", "\"" + line + "\"", "\"" + headline + parts + " ...\"");
        }
        if (!line.startsWith(headline) || !line.contains(verdict)) {
            throw BundleMismatch.of("score.json scoreLine", "\"" + line + "\"", "\"" + headline + " ... " + verdict + "\"");
        }
        if (recorded.compliant() && !score.compliant()) {
            throw BundleMismatch.of("score.json compliant", true, "false (" + score.reasons().getFirst() + ")");
        }
        for (String reason : score.reasons()) {
            if (!recorded.reasons().contains(reason)) {
                throw new BundleMismatch("score.json reasons: recorded without \"" + reason + "\", which the recomputation finds");
            }
        }
        return score;
    }

    /**
     * The audits cannot be redone (the database went with the VMs), but the verdict must answer to them:
     * an audit that did not pass is among the reasons, and the run is not compliant.
     */
    private static void checkAudits(ScoreFile recorded) throws BundleMismatch {
        for (ScoreFile.Audit audit : recorded.audits()) {
            Optional<String> reason = audit.reason();
            if (reason.isPresent() && (!recorded.reasons().contains(reason.get()) || recorded.compliant())) {
                throw new BundleMismatch("score.json audits: \"" + reason.get() + "\", yet the verdict is "
                        + (recorded.verdict() == null ? "none" : recorded.verdict().word())
                        + (recorded.reasons().contains(reason.get()) ? "" : " without that reason"));
            }
        }
    }

    /** The run and what its manifest check found: the start of every verified line. */
    static String manifestLine(BundleFilesRead files, Optional<ManifestSignature.Signer> signer) {
        String runId = files.run().runId() == null ? files.directory().getFileName().toString() : files.run().runId();
        return runId + ": manifest intact"
                + signer.map(x -> ", signed by " + x.subject()).orElse(", unsigned");
    }

    private static String summary(BundleFilesRead files, int intervals, int operations, RunScore score,
                                  Optional<ManifestSignature.Signer> signer, List<String> publishability) {
        StringBuilder s = new StringBuilder(manifestLine(files, signer));
        s.append("; ").append(intervals).append(" intervals");
        if (operations > 0) {
            s.append(" and ").append(operations).append(" infra operations");
        }
        s.append(" recomputed");
        if (score != null) {
            s.append(String.format(Locale.ROOT, "; score %.3f @ %d %s (95%% CI %.3f–%.3f) over %d phases, %s",
                    score.score(), score.tiles(), score.tiles() == 1 ? "tile" : "tiles", score.confidence().low(),
                    score.confidence().high(), score.phases().size(), files.score().verdict() == null ? "no verdict" : files.score().verdict().word()));
        } else {
            s.append("; no complete phase, so no score");
        }
        s.append(publishability.isEmpty() ? "; publishable" : "; not publishable: " + String.join("; ", publishability));
        s.append("; bundle format ").append(files.format());
        return s.toString();
    }
}
