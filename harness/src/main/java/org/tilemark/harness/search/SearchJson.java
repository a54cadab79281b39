package org.tilemark.harness.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.OptionalDouble;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigWriter;
import org.tilemark.harness.bundle.ResultsBundle;

/** search-config.json, steps.jsonl and search.json. */
final class SearchJson {

    private SearchJson() {
    }

    static ObjectNode config(BenchmarkSpec base, String searchId) {
        ObjectNode root = ResultsBundle.object();
        root.put("searchId", searchId);
        root.set("config", ResultsBundle.valueToTree(ConfigWriter.toMap(base)));
        return root;
    }

    static ObjectNode step(SearchStep s, Path searchDirectory) {
        ObjectNode node = ResultsBundle.object();
        node.put("step", s.number());
        node.put("tiles", s.tiles());
        node.put("repeat", s.repeat());
        node.put("verdict", s.verdict());
        number(node, "score", s.score());
        number(node, "application", s.application());
        number(node, "infrastructure", s.infrastructure());
        number(node, "clusterCpuPercent", s.clusterCpu());
        if (!Double.isNaN(s.confidenceLow())) {
            ObjectNode ci = node.putObject("confidence");
            ci.put("low", s.confidenceLow());
            ci.put("high", s.confidenceHigh());
            ci.put("level", 0.95);
        }
        ArrayNode reasons = node.putArray("reasons");
        s.reasons().forEach(reasons::add);
        node.put("bundle", s.bundle() == null ? null : searchDirectory.relativize(s.bundle()).toString());
        return node;
    }

    static ObjectNode result(SearchOutcome outcome, Path searchDirectory) {
        ObjectNode root = ResultsBundle.object();
        if (outcome.maxTiles().isPresent()) {
            root.put("maxTiles", outcome.maxTiles().getAsInt());
        } else {
            root.putNull("maxTiles");
        }
        number(root, "score", outcome.peak().map(SearchStep::score).orElse(OptionalDouble.empty()));
        root.put("tileScale", outcome.tileScale());
        root.put("headline", outcome.headline());
        ArrayNode explanation = root.putArray("explanation");
        outcome.explanation().forEach(explanation::add);
        root.put("cappedAtMax", outcome.cappedAtMax());
        root.put("failure", outcome.failure().orElse(null));
        ArrayNode steps = root.putArray("steps");
        outcome.steps().forEach(s -> steps.add(step(s, searchDirectory)));
        return root;
    }

    private static void number(ObjectNode node, String field, OptionalDouble value) {
        if (value.isPresent()) {
            node.put(field, value.getAsDouble());
        } else {
            node.putNull(field);
        }
    }
}
