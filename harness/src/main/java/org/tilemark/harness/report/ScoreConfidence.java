package org.tilemark.harness.report;

import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.IntervalLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tilemark.scoring.ConfidenceInterval;
import org.tilemark.scoring.Scoring;

/**
 * The confidence shown beside every score: the run's (score.json, across phases) and each phase's,
 * across the application scores of that phase's intervals. Infrastructure operations take minutes,
 * so an interval has no infrastructure score of its own: the phase interval covers the application
 * part only, and says so.
 */
final class ScoreConfidence {

    private ScoreConfidence() {
    }

    /** "95% CI 0.928–1.026", or "" when score.json has no interval. */
    static String ofRun(ScoreFile score) {
        ScoreFile.Confidence ci = score.totals() == null ? null : score.totals().confidence();
        if (ci == null) {
            return "";
        }
        return Fmt.fixed(100 * ci.level(), 0) + "% CI " + Fmt.fixed(ci.low(), 3) + "–" + Fmt.fixed(ci.high(), 3);
    }

    /**
     * "95% CI across 6 intervals 0.950–1.010": each measured interval scored
     * like a phase (throughput over the phase's reference, geometric mean per tile over the scored
     * workloads, summed over tiles); "" when the phase has fewer than two complete intervals.
     */
    static String ofPhase(BundleContents contents, ScoreFile.Phase scoredPhase) {
        int phase = scoredPhase.phase();
        Map<String, Double> references = new LinkedHashMap<>();
        for (ScoreFile.Tile tile : scoredPhase.tiles()) {
            for (ScoreFile.Workload w : tile.workloads()) {
                if (w.scored()) {
                    references.put(tile.tile() + "/" + w.workload(), w.reference());
                }
            }
        }
        // interval (by start: every workload's line of one interval shares it) -> tile -> normalized values
        Map<java.time.Instant, Map<Integer, List<Double>>> byInterval = new TreeMap<>();
        for (IntervalLine i : contents.intervals()) {
            Double reference = references.get(i.tile() + "/" + i.workload());
            if (i.warmup() || i.phase() != phase || reference == null || Double.isNaN(i.measured().throughput())) {
                continue;
            }
            byInterval.computeIfAbsent(i.startsAt(), k -> new TreeMap<>())
                    .computeIfAbsent(i.tile(), k -> new ArrayList<>()).add(i.measured().throughput() / reference);
        }
        List<Double> scores = new ArrayList<>();
        long expectedPerTile = references.size();
        for (Map<Integer, List<Double>> tiles : byInterval.values()) {
            if (tiles.values().stream().mapToInt(List::size).sum() != expectedPerTile) {
                continue; // an interval missing a workload's line cannot be scored like the others
            }
            scores.add(tiles.values().stream()
                    .mapToDouble(v -> Scoring.geometricMean(v.stream().mapToDouble(Double::doubleValue).toArray())).sum());
        }
        if (scores.size() < 2) {
            return "";
        }
        ConfidenceInterval ci = ConfidenceInterval.of95(scores.stream().mapToDouble(Double::doubleValue).toArray());
        return Fmt.fixed(100 * ci.level(), 0) + "% CI across " + scores.size() + " intervals " + Fmt.fixed(ci.low(), 3)
                + "–" + Fmt.fixed(ci.high(), 3);
    }
}
