package org.tilemark.harness.search;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.tilemark.harness.bundle.BundleReader;

/**
 * One step of a search, as its run's score.json tells it: the row of the scaling table.
 *
 * @param bundle         the step's own results bundle (under the search's {@code steps/})
 * @param clusterCpu     the cluster's CPU utilization over the measured phases, % of all cores
 * @param confidenceLow  low end of the score's 95 % confidence interval (over phases)
 * @param confidenceHigh high end of it
 */
record SearchStep(int number, int tiles, boolean repeat, String verdict, OptionalDouble score, OptionalDouble application,
                  OptionalDouble infrastructure, OptionalDouble clusterCpu, double confidenceLow, double confidenceHigh,
                  List<String> reasons, Path bundle) {

    SearchStep {
        reasons = List.copyOf(reasons);
    }

    boolean compliant() {
        return verdict.equals("compliant");
    }

    /** Reads a finished step's score.json; a run that ended before scoring has no score and says why. */
    static SearchStep read(int number, int tiles, boolean repeat, Path bundle, String verdict) throws IOException {
        if (bundle == null || !BundleReader.isScored(bundle)) {
            return new SearchStep(number, tiles, repeat, verdict, OptionalDouble.empty(), OptionalDouble.empty(),
                    OptionalDouble.empty(), OptionalDouble.empty(), Double.NaN, Double.NaN,
                    List.of("the run wrote no score (" + verdict + ")"), bundle);
        }
        JsonNode score;
        try {
            score = BundleReader.of(bundle).score().orElseThrow();
        } catch (BundleReader.DamagedFile e) {
            throw new IOException(bundle + ": " + e.getMessage(), e);
        }
        List<String> reasons = new ArrayList<>();
        score.path("reasons").forEach(r -> reasons.add(r.asText()));
        return new SearchStep(number, tiles, repeat, score.path("verdict").asText(verdict), number(score, "score"),
                number(score, "application"), number(score, "infrastructure"), number(score.path("clusterCpu"), "percent"),
                score.path("confidence").path("low").asDouble(Double.NaN),
                score.path("confidence").path("high").asDouble(Double.NaN), reasons, bundle);
    }

    private static OptionalDouble number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isNumber() ? OptionalDouble.of(value.asDouble()) : OptionalDouble.empty();
    }
}
