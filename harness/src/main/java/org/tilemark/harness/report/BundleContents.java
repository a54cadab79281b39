package org.tilemark.harness.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Everything the report writers read, loaded from the bundle's persisted files only, so a report
 * can be rebuilt after a crash. Missing or damaged files become warnings rather than failures.
 */
record BundleContents(Path directory, JsonNode run, Optional<JsonNode> score,
                      List<IntervalRecord> intervals, int skippedIntervalLines,
                      InfraOpsLog infraOps, List<String> warnings) {

    static final String RUN_FILE = "run.json";
    static final String SCORE_FILE = "score.json";
    static final String INTERVALS_FILE = "intervals.jsonl";
    static final String INFRA_OPS_FILE = "infra-ops.jsonl";
    /** Caps how many bad line numbers are listed one by one; the total is always reported. */
    private static final int LISTED_BAD_LINES = 20;

    static BundleContents load(Path bundle) throws IOException {
        if (!Files.isDirectory(bundle)) {
            throw new IOException("not a results bundle directory: " + bundle);
        }
        ObjectMapper mapper = new ObjectMapper();
        List<String> warnings = new ArrayList<>();
        JsonNode run = readObject(mapper, bundle.resolve(RUN_FILE), warnings)
                .orElse(MissingNode.getInstance());
        Optional<JsonNode> score = readObject(mapper, bundle.resolve(SCORE_FILE), warnings);
        List<IntervalRecord> intervals = new ArrayList<>();
        int skipped = 0;
        if (Files.isRegularFile(bundle.resolve(INTERVALS_FILE))) {
            skipped = readLines(mapper, bundle.resolve(INTERVALS_FILE), IntervalRecord::from, intervals, warnings);
        } else {
            warnings.add(INTERVALS_FILE + " is absent");
        }
        return new BundleContents(bundle, run, score, List.copyOf(intervals), skipped,
                readInfraOps(mapper, bundle.resolve(INFRA_OPS_FILE), warnings), List.copyOf(warnings));
    }

    private static InfraOpsLog readInfraOps(ObjectMapper mapper, Path file, List<String> warnings)
            throws IOException {
        if (!Files.isRegularFile(file)) {
            return InfraOpsLog.ABSENT;
        }
        List<InfraOperation> operations = new ArrayList<>();
        int skipped = readLines(mapper, file, InfraOperation::from, operations, warnings);
        return new InfraOpsLog(true, List.copyOf(operations), skipped);
    }

    private static Optional<JsonNode> readObject(ObjectMapper mapper, Path file, List<String> warnings)
            throws IOException {
        if (!Files.isRegularFile(file)) {
            warnings.add(file.getFileName() + " is absent");
            return Optional.empty();
        }
        try {
            JsonNode node = mapper.readTree(file.toFile());
            if (node != null && node.isObject()) {
                return Optional.of(node);
            }
            warnings.add(file.getFileName() + " does not hold a JSON object; ignored");
        } catch (JsonProcessingException e) {
            warnings.add(file.getFileName() + " is not valid JSON (" + e.getOriginalMessage() + "); ignored");
        }
        return Optional.empty();
    }

    /**
     * Reads a JSON-lines file; {@code parser} returns null for a line lacking what places it.
     * Returns the number of skipped non-blank lines (unparsable or incomplete).
     */
    private static <T> int readLines(ObjectMapper mapper, Path file, Function<JsonNode, T> parser,
                                     List<T> into, List<String> warnings) throws IOException {
        List<Integer> badLines = new ArrayList<>();
        int lineNumber = 0;
        int lastNonBlank = 0;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                lastNonBlank = lineNumber;
                T parsed = parseLine(mapper, line, parser);
                if (parsed == null) {
                    badLines.add(lineNumber);
                } else {
                    into.add(parsed);
                }
            }
        }
        if (!badLines.isEmpty()) {
            warnings.add(describeBadLines(file.getFileName().toString(), badLines, lastNonBlank));
        }
        return badLines.size();
    }

    private static <T> T parseLine(ObjectMapper mapper, String line, Function<JsonNode, T> parser) {
        try {
            return parser.apply(mapper.readTree(line));
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static String describeBadLines(String fileName, List<Integer> badLines, int lastNonBlank) {
        StringBuilder text = new StringBuilder(fileName + ": skipped " + badLines.size()
                + " unparsable or incomplete line(s) at line ");
        List<Integer> listed = badLines.subList(0, Math.min(LISTED_BAD_LINES, badLines.size()));
        text.append(String.join(", ", listed.stream().map(String::valueOf).toList()));
        if (badLines.size() > listed.size()) {
            text.append(", …");
        }
        if (badLines.getLast() == lastNonBlank) {
            text.append(" (the last line looks truncated, e.g. by a crash)");
        }
        return text.toString();
    }

    String runId() {
        String id = Json.text(run, "runId");
        return id.isEmpty() ? Json.text(score.orElse(MissingNode.getInstance()), "runId") : id;
    }

    SortedSet<Integer> tiles() {
        SortedSet<Integer> tiles = new TreeSet<>();
        intervals.forEach(i -> tiles.add(i.tile()));
        return tiles;
    }

    /** Workloads of a tile, in the order they first appear. */
    List<String> workloads(int tile) {
        return intervals.stream().filter(i -> i.tile() == tile).map(IntervalRecord::workload)
                .distinct().toList();
    }

    List<IntervalRecord> intervals(int tile, String workload) {
        return intervals.stream()
                .filter(i -> i.tile() == tile && i.workload().equals(workload)).toList();
    }

    /** Number of measured phases, from score.json when present, else from the intervals. */
    int phaseCount() {
        if (score.isPresent()) {
            int scored = Json.array(score.get(), "phases").size();
            if (scored > 0) {
                return scored;
            }
        }
        return intervals.stream().mapToInt(IntervalRecord::phase).max().orElse(0);
    }
}
