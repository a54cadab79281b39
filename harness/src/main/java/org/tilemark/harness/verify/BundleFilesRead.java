package org.tilemark.harness.verify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The bundle files verification reads, strictly: unlike the report (which tolerates a crashed run's
 * damage), a line that does not parse is a mismatch, since a verified bundle must be whole.
 */
record BundleFilesRead(Path directory, JsonNode run, JsonNode score, List<Line> intervals, List<Line> infraOps) {

    static final String RUN = "run.json";
    static final String SCORE = "score.json";
    static final String INTERVALS = "intervals.jsonl";
    static final String INFRA_OPS = "infra-ops.jsonl";

    /** One JSON line and its 1-based line number, for messages that name where it is. */
    record Line(int number, JsonNode node) {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static BundleFilesRead load(Path bundle) throws NotABundle, BundleMismatch, IOException {
        if (!Files.isDirectory(bundle)) {
            throw new NotABundle(bundle + " is not a directory");
        }
        for (String required : List.of(RUN, SCORE, INTERVALS)) {
            if (!Files.isRegularFile(bundle.resolve(required))) {
                throw new NotABundle(bundle + " is not a complete results bundle (no " + required + ")");
            }
        }
        JsonNode run = object(bundle, RUN);
        JsonNode score = object(bundle, SCORE);
        List<Line> intervals = lines(bundle, INTERVALS);
        List<Line> infra = Files.isRegularFile(bundle.resolve(INFRA_OPS)) ? lines(bundle, INFRA_OPS) : List.of();
        return new BundleFilesRead(bundle, run, score, intervals, infra);
    }

    private static JsonNode object(Path bundle, String name) throws BundleMismatch, IOException {
        try {
            JsonNode node = MAPPER.readTree(bundle.resolve(name).toFile());
            if (node == null || !node.isObject()) {
                throw new BundleMismatch(name + ": not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new BundleMismatch(name + ": not valid JSON (" + e.getOriginalMessage() + ")");
        }
    }

    private static List<Line> lines(Path bundle, String name) throws BundleMismatch, IOException {
        List<Line> lines = new ArrayList<>();
        List<String> text = Files.readAllLines(bundle.resolve(name), StandardCharsets.UTF_8);
        for (int i = 0; i < text.size(); i++) {
            if (text.get(i).isBlank()) {
                continue;
            }
            try {
                JsonNode node = MAPPER.readTree(text.get(i));
                if (!node.isObject()) {
                    throw new BundleMismatch(name + " line " + (i + 1) + ": not a JSON object");
                }
                lines.add(new Line(i + 1, node));
            } catch (JsonProcessingException e) {
                throw new BundleMismatch(name + " line " + (i + 1) + ": not valid JSON (" + e.getOriginalMessage() + ")");
            }
        }
        return lines;
    }
}
