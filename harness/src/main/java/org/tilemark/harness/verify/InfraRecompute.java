package org.tilemark.harness.verify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.run.ScoringInputs;
import org.tilemark.scoring.InfraOutcome;
import org.tilemark.scoring.InfraPhase;

/**
 * Reads infra-ops.jsonl back into the outcomes the live run scored. Each line's phase must be the
 * one its end time falls in (so an operation cannot be moved into another phase), and the planned
 * operation types are those score.json lists or that ran. Lines of moves the platform made on its own
 * (initiator {@code platform}) are checked the same way but scored as the live run scored them: not at all.
 */
final class InfraRecompute {

    private final Map<Integer, List<InfraOutcome>> byPhase = new LinkedHashMap<>();
    private final Map<String, Double> references;
    private final boolean ran;

    private InfraRecompute(Map<String, Double> references, boolean ran) {
        this.references = references;
        this.ran = ran;
    }

    static InfraRecompute of(BenchmarkSpec spec, BundleFilesRead files, PhaseWindows windows) throws BundleMismatch {
        Set<String> planned = new TreeSet<>();
        for (ScoreFile.Phase phase : files.score().phases()) {
            if (phase.infraOperations() != null) {
                phase.infraOperations().forEach(op -> planned.add(op.operation()));
            }
        }
        return of(spec, planned, files.infraOps(), windows);
    }

    /** From the operations' lines, with the types {@code planned} beyond those the lines name. */
    static InfraRecompute of(BenchmarkSpec spec, Set<String> plannedTypes, List<BundleReader.Line<InfraOpLine>> lines,
                             PhaseWindows windows) throws BundleMismatch {
        Set<String> planned = new TreeSet<>(plannedTypes);
        lines.stream().map(BundleReader.Line::value).filter(line -> !line.platformInitiated())
                .forEach(line -> planned.add(line.operation()));
        Map<String, Double> references = new LinkedHashMap<>(ScoringInputs.infraReferences(spec.infra()));
        for (String type : planned) {
            if (!references.containsKey(type)) {
                throw new BundleMismatch("infra-ops.jsonl: unknown operation type '" + type + "'");
            }
        }
        references.keySet().retainAll(planned);
        InfraRecompute infra = new InfraRecompute(references, spec.infra().enabled() && !planned.isEmpty());
        for (BundleReader.Line<InfraOpLine> line : lines) {
            infra.add(line, windows);
        }
        return infra;
    }

    private void add(BundleReader.Line<InfraOpLine> read, PhaseWindows windows) throws BundleMismatch {
        InfraOpLine line = read.value();
        String where = BundleLayout.INFRA_OPS + " line " + read.number();
        int phase = windows.phaseAt(line.endsAt());
        if (line.phase() != phase) {
            throw BundleMismatch.of(where + " phase", line.phase(), phase + " (the phase its end time falls in)");
        }
        String outcome = line.outcome();
        if (!InfraOpLine.SUCCEEDED.equals(outcome) && !InfraOpLine.FAILED.equals(outcome)) {
            throw new BundleMismatch(where + ": outcome '" + outcome + "' is neither succeeded nor failed");
        }
        if (line.platformInitiated()) {
            return; // a move the platform made on its own (DRS): its phase is checked, it was never scored
        }
        String failure = line.succeeded() ? "" : InfraOutcome.failureReason(line.operation(), line.vm(),
                String.valueOf(line.from()), String.valueOf(line.to()), line.error() == null ? "" : line.error());
        byPhase.computeIfAbsent(phase, p -> new ArrayList<>()).add(new InfraOutcome(line.operation(), line.succeeded(), failure));
    }

    /** The phase's infrastructure result, or empty when no operations were planned (application-only runs). */
    Optional<InfraPhase> score(int phase, java.time.Duration length) {
        if (!ran) {
            return Optional.empty();
        }
        return Optional.of(InfraPhase.of(byPhase.getOrDefault(phase, List.of()), references, length));
    }

    int operations() {
        return byPhase.values().stream().mapToInt(List::size).sum();
    }
}
