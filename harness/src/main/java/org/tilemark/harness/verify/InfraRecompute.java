package org.tilemark.harness.verify;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.BundleReader;
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
        for (JsonNode phase : files.score().path("phases")) {
            phase.path("infraOperations").forEach(op -> planned.add(op.path("operation").asText()));
        }
        files.infraOps().stream().filter(line -> !InfraOpLine.platformInitiated(line.node()))
                .forEach(line -> planned.add(line.node().path("operation").asText()));
        Map<String, Double> references = new LinkedHashMap<>(ScoringInputs.infraReferences(spec.infra()));
        for (String type : planned) {
            if (!references.containsKey(type)) {
                throw new BundleMismatch("infra-ops.jsonl: unknown operation type '" + type + "'");
            }
        }
        references.keySet().retainAll(planned);
        InfraRecompute infra = new InfraRecompute(references, spec.infra().enabled() && !planned.isEmpty());
        for (BundleReader.Line line : files.infraOps()) {
            infra.add(line, windows);
        }
        return infra;
    }

    private void add(BundleReader.Line line, PhaseWindows windows) throws BundleMismatch {
        JsonNode n = line.node();
        String where = BundleFilesRead.INFRA_OPS + " line " + line.number();
        Instant end = IntervalRecompute.instant(n, "end", where);
        int phase = windows.phaseAt(end);
        if (n.path("phase").asInt(-1) != phase) {
            throw BundleMismatch.of(where + " phase", n.path("phase"), phase + " (the phase its end time falls in)");
        }
        String outcome = n.path("outcome").asText();
        if (!outcome.equals(InfraOpLine.SUCCEEDED) && !outcome.equals(InfraOpLine.FAILED)) {
            throw new BundleMismatch(where + ": outcome '" + outcome + "' is neither succeeded nor failed");
        }
        if (InfraOpLine.platformInitiated(n)) {
            return; // a move the platform made on its own (DRS): its phase is checked, it was never scored
        }
        boolean succeeded = outcome.equals(InfraOpLine.SUCCEEDED);
        String failure = succeeded ? "" : InfraOutcome.failureReason(n.path("operation").asText(), n.path("vm").asText(),
                placement(n.path("from")), placement(n.path("to")), n.path("error").isTextual() ? n.path("error").asText() : "");
        byPhase.computeIfAbsent(phase, p -> new ArrayList<>())
                .add(new InfraOutcome(n.path("operation").asText(), succeeded, failure));
    }

    /** "host/datastore" as the live Placement prints, "null" where an operation (Deploy) has none. */
    private static String placement(JsonNode node) {
        return node.isObject() ? node.path("host").asText() + "/" + node.path("datastore").asText() : "null";
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
