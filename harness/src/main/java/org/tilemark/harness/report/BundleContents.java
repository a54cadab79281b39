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

/**
 * Everything the report writers read, loaded from the bundle's persisted files only, so a report
 * can be rebuilt after a crash. Missing or damaged files become warnings rather than failures.
 */
record BundleContents(Path directory, JsonNode run, Optional<JsonNode> score,
                      List<IntervalRecord> intervals, int skippedIntervalLines,
                      List<String> warnings) {

    static final String RUN_FILE = "run.json";
    static final String SCORE_FILE = "score.json";
    static final String INTERVALS_FILE = "intervals.jsonl";
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
        int skipped = readIntervals(mapper, bundle.resolve(INTERVALS_FILE), intervals, warnings);
        return new BundleContents(bundle, run, score, List.copyOf(intervals), skipped,
                List.copyOf(warnings));
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

    /** Returns the number of skipped non-blank lines (unparsable or lacking placement fields). */
    private static int readIntervals(ObjectMapper mapper, Path file, List<IntervalRecord> into,
                                     List<String> warnings) throws IOException {
        if (!Files.isRegularFile(file)) {
            warnings.add(INTERVALS_FILE + " is absent");
            return 0;
        }
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
                IntervalRecord parsed = parseLine(mapper, line);
                if (parsed == null) {
                    badLines.add(lineNumber);
                } else {
                    into.add(parsed);
                }
            }
        }
        if (!badLines.isEmpty()) {
            warnings.add(describeBadLines(badLines, lastNonBlank));
        }
        return badLines.size();
    }

    private static IntervalRecord parseLine(ObjectMapper mapper, String line) {
        try {
            return IntervalRecord.from(mapper.readTree(line));
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static String describeBadLines(List<Integer> badLines, int lastNonBlank) {
        StringBuilder text = new StringBuilder(INTERVALS_FILE + ": skipped " + badLines.size()
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
