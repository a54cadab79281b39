package org.tilemark.harness.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The first difference between a bundle file as written and the record recomputed from the data, named
 * by path: {@code phases[1].tiles[0].workloads[dvdstore].throughput}. Array elements that carry a name
 * ({@code workload}, {@code operation}) are named by it, others by index. It compares the file as written,
 * not as read, so a field the record does not have is a difference too.
 */
public final class WrittenDiff {

    /** What an intervals.jsonl line says of where it belongs and its inputs: not recomputed, so not compared. */
    private static final Set<String> PLACEMENT = Set.of("interval", "stage", "phase", "tile", "workload", "start", "end",
            "durationMs", "completed", "target");

    private static final String[] NAMING_FIELDS = {"workload", "operation"};

    private WrittenDiff() {
    }

    /** score.json as written against the one recomputed, but for what scoring does not produce ({@link ScoreFile#NOT_RECOMPUTED}). */
    public static Optional<String> score(JsonNode written, ScoreFile recomputed) {
        return first(BundleLayout.SCORE, written, ResultsBundle.tree(recomputed), ScoreFile.NOT_RECOMPUTED);
    }

    /** What an intervals.jsonl line measured, as written, against the figures recomputed from its histograms. */
    public static Optional<String> measured(String where, BundleReader.Line<IntervalLine> line, Measured recomputed) {
        ObjectNode written = ((ObjectNode) line.written()).deepCopy();
        PLACEMENT.forEach(written::remove);
        return first(where, written, ResultsBundle.tree(recomputed), Set.of());
    }

    /**
     * @param label   what the trees are, e.g. score.json; paths follow it after a space
     * @param ignored top-level fields not recomputed (events, the harness's CPU time)
     */
    static Optional<String> first(String label, JsonNode recorded, JsonNode recomputed, Set<String> ignored) {
        return object(label + " ", recorded, recomputed, ignored);
    }

    private static int pass(JsonNode value) {
        return value.isArray() ? 0 : value.isObject() ? 1 : 2;
    }

    private static String join(String path, String field) {
        return path + (path.endsWith(" ") ? "" : ".") + field;
    }

    private static Optional<String> object(String path, JsonNode recorded, JsonNode recomputed, Set<String> ignored) {
        // Arrays (phases, tiles, workloads) first, then objects, then plain values: a changed input
        // shows up where it was changed (a phase's workload), not in the totals derived from it.
        for (int pass = 0; pass < 3; pass++) {
            for (Iterator<Map.Entry<String, JsonNode>> it = recomputed.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (ignored.contains(field.getKey()) || pass != pass(field.getValue())) {
                    continue;
                }
                Optional<String> found = node(join(path, field.getKey()), recorded.get(field.getKey()), field.getValue());
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        for (Iterator<String> it = recorded.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!ignored.contains(name) && !recomputed.has(name)) {
                return Optional.of(join(path, name)
                        + ": recorded " + recorded.get(name) + ", recomputed nothing (not a field scoring writes)");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> node(String where, JsonNode recorded, JsonNode recomputed) {
        if (recorded == null) {
            return Optional.of(where + ": recorded nothing, recomputed " + recomputed);
        }
        if (recomputed.isObject() && recorded.isObject()) {
            return object(where, recorded, recomputed, Set.of());
        }
        if (recomputed.isArray() && recorded.isArray()) {
            for (int i = 0; i < recomputed.size(); i++) {
                Optional<String> found = node(where + "[" + name(recomputed.get(i), i) + "]", recorded.get(i),
                        recomputed.get(i));
                if (found.isPresent()) {
                    return found;
                }
            }
            return recorded.size() == recomputed.size() ? Optional.empty() : Optional.of(where + "["
                    + name(recorded.get(recomputed.size()), recomputed.size()) + "]: recorded "
                    + recorded.get(recomputed.size()) + ", recomputed nothing");
        }
        boolean same = recomputed.isNumber() && recorded.isNumber()
                ? recomputed.asDouble() == recorded.asDouble()
                : recomputed.equals(recorded);
        return same ? Optional.empty() : Optional.of(where + ": recorded " + recorded + ", recomputed " + recomputed);
    }

    private static String name(JsonNode element, int index) {
        for (String field : NAMING_FIELDS) {
            if (element.isObject() && element.path(field).isTextual()) {
                return element.path(field).asText();
            }
        }
        return String.valueOf(index);
    }
}
