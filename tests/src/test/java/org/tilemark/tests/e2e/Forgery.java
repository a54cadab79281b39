package org.tilemark.tests.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a forger does with verify's own messages: a field verify "recorded X, recomputed Y" is set to
 * Y, in score.json or in the intervals.jsonl line it names. Nothing here knows how scores are made.
 */
final class Forgery {

    private static final Pattern SCORE = Pattern.compile("verification FAILED: score\\.json (\\S+): recorded (.*), recomputed (.*)");
    private static final Pattern LINE = Pattern.compile(
            "verification FAILED: intervals\\.jsonl line (\\d+) \\([^)]*\\) (\\S+): recorded (.*), recomputed (.*)");
    private static final Pattern HEADLINE = Pattern.compile("^\"(Score: [^.]*\\.\\d+ @ \\d+ tiles?) \\.\\.\\. .*\"$");

    private Forgery() {
    }

    /** Patches what {@code message} names; false when it names nothing a forger could set from it. */
    static boolean patch(Path bundle, String message) throws IOException {
        Matcher score = SCORE.matcher(message);
        if (score.matches()) {
            Path file = bundle.resolve("score.json");
            ObjectNode tree = (ObjectNode) E2e.JSON.readTree(file.toFile());
            String recomputed = score.group(3);
            Matcher headline = HEADLINE.matcher(recomputed);
            JsonNode value = headline.matches()
                    ? E2e.JSON.getNodeFactory().textNode(tree.path("scoreLine").asText().replaceFirst("^Score: \\S+ @ \\d+ tiles?",
                            headline.group(1)))
                    : E2e.JSON.readTree(recomputed);
            set(tree, score.group(1), value);
            E2e.JSON.writeValue(file.toFile(), tree);
            return true;
        }
        Matcher line = LINE.matcher(message);
        if (line.matches()) {
            Path file = bundle.resolve("intervals.jsonl");
            List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
            int index = Integer.parseInt(line.group(1)) - 1;
            ObjectNode tree = (ObjectNode) E2e.JSON.readTree(lines.get(index));
            set(tree, line.group(2), E2e.JSON.readTree(line.group(4)));
            lines.set(index, E2e.JSON.writeValueAsString(tree));
            Files.write(file, lines, StandardCharsets.UTF_8);
            return true;
        }
        return false;
    }

    /** Sets the field at a path such as {@code phases[0].tiles[0].workloads[dvdstore].attempts}. */
    private static void set(ObjectNode root, String path, JsonNode value) {
        String[] steps = path.split("\\.");
        JsonNode node = root;
        for (int i = 0; i < steps.length - 1; i++) {
            node = step(node, steps[i]);
        }
        ((ObjectNode) node).set(steps[steps.length - 1], value);
    }

    private static JsonNode step(JsonNode node, String step) {
        int bracket = step.indexOf('[');
        if (bracket < 0) {
            return node.get(step);
        }
        ArrayNode array = (ArrayNode) node.get(step.substring(0, bracket));
        String key = step.substring(bracket + 1, step.length() - 1);
        if (key.chars().allMatch(Character::isDigit)) {
            return array.get(Integer.parseInt(key));
        }
        for (JsonNode element : array) {
            if (key.equals(element.path("workload").asText()) || key.equals(element.path("operation").asText())) {
                return element;
            }
        }
        throw new IllegalArgumentException("no element " + key + " in " + path(step));
    }

    private static String path(String step) {
        return step;
    }
}
