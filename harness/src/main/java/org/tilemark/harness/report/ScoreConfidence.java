package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
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
    static String ofRun(JsonNode score) {
        JsonNode ci = Json.at(score, "confidence");
        if (!ci.isObject()) {
            return "";
        }
        return Fmt.fixed(100 * Json.dbl(ci, "level"), 0) + "% CI " + Fmt.fixed(Json.dbl(ci, "low"), 3) + "–"
                + Fmt.fixed(Json.dbl(ci, "high"), 3);
    }

    /**
     * "95% CI across 6 intervals 0.950–1.010": each measured interval scored
     * like a phase (throughput over the phase's reference, geometric mean per tile over the scored
     * workloads, summed over tiles); "" when the phase has fewer than two complete intervals.
     */
    static String ofPhase(BundleContents contents, JsonNode scoredPhase) {
        int phase = (int) Json.longOr(scoredPhase, "phase", 0);
        Map<String, Double> references = new LinkedHashMap<>();
        for (JsonNode tile : Json.array(scoredPhase, "tiles")) {
            for (JsonNode w : Json.array(tile, "workloads")) {
                if (!Boolean.FALSE.equals(Json.bool(w, "scored"))) {
                    references.put(Json.longOr(tile, "tile", 0) + "/" + Json.text(w, "workload"), Json.dbl(w, "reference"));
                }
            }
        }
        // interval (by start: every workload's line of one interval shares it) -> tile -> normalized values
        Map<java.time.Instant, Map<Integer, List<Double>>> byInterval = new TreeMap<>();
        for (IntervalRecord i : contents.intervals()) {
            Double reference = references.get(i.tile() + "/" + i.workload());
            if (i.isWarmup() || i.phase() != phase || reference == null || Double.isNaN(i.throughput())) {
                continue;
            }
            byInterval.computeIfAbsent(i.start(), k -> new TreeMap<>())
                    .computeIfAbsent(i.tile(), k -> new ArrayList<>()).add(i.throughput() / reference);
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
