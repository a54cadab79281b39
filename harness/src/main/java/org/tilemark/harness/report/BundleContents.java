package org.tilemark.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.tilemark.harness.bundle.BundleFormat;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;

/**
 * Everything the report writers read, loaded from the bundle's persisted files only, so a report
 * can be rebuilt after a crash. Missing or damaged files become warnings rather than failures.
 */
record BundleContents(Path directory, JsonNode run, Optional<JsonNode> score,
                      List<IntervalRecord> intervals, int skippedIntervalLines,
                      InfraOpsLog infraOps, List<String> warnings) {

    static final String SCORE_FILE = BundleLayout.SCORE;
    static final String INTERVALS_FILE = BundleLayout.INTERVALS;
    static final String INFRA_OPS_FILE = BundleLayout.INFRA_OPS;
    /** Caps how many bad line numbers are listed one by one; the total is always reported. */
    private static final int LISTED_BAD_LINES = 20;

    static BundleContents load(Path bundle) throws IOException {
        if (!Files.isDirectory(bundle)) {
            throw new IOException("not a results bundle directory: " + bundle);
        }
        BundleReader reader = BundleReader.of(bundle);
        List<String> warnings = new ArrayList<>();
        JsonNode run = readObject(reader, BundleLayout.RUN, warnings).orElse(MissingNode.getInstance());
        if (run.isObject()) {
            BundleFormat.of(run);
        }
        Optional<JsonNode> score = readObject(reader, BundleLayout.SCORE, warnings);
        List<IntervalRecord> intervals = new ArrayList<>();
        Optional<BundleReader.Lines> intervalLines = reader.lines(BundleLayout.INTERVALS);
        int skipped = 0;
        if (intervalLines.isPresent()) {
            skipped = parse(intervalLines.get(), IntervalRecord::from, intervals, warnings);
        } else {
            warnings.add(INTERVALS_FILE + " is absent");
        }
        return new BundleContents(bundle, run, score, List.copyOf(intervals), skipped,
                readInfraOps(reader, warnings), List.copyOf(warnings));
    }

    private static InfraOpsLog readInfraOps(BundleReader reader, List<String> warnings) throws IOException {
        Optional<BundleReader.Lines> lines = reader.lines(BundleLayout.INFRA_OPS);
        if (lines.isEmpty()) {
            return InfraOpsLog.ABSENT;
        }
        List<InfraOperation> operations = new ArrayList<>();
        int skipped = parse(lines.get(), InfraOperation::from, operations, warnings);
        return new InfraOpsLog(true, List.copyOf(operations), skipped);
    }

    private static Optional<JsonNode> readObject(BundleReader reader, String name, List<String> warnings)
            throws IOException {
        try {
            Optional<? extends JsonNode> node = reader.object(name);
            if (node.isEmpty()) {
                warnings.add(name + " is absent");
            }
            return node.map(JsonNode.class::cast);
        } catch (BundleReader.DamagedFile e) {
            warnings.add(name + " is " + e.problem() + "; ignored");
            return Optional.empty();
        }
    }

    /**
     * Parses a JSON-lines file's lines; {@code parser} returns null for a line lacking what places it.
     * Returns the number of skipped lines (unparsable or incomplete).
     */
    private static <T> int parse(BundleReader.Lines lines, Function<JsonNode, T> parser, List<T> into,
                                 List<String> warnings) {
        List<Integer> badLines = new ArrayList<>(lines.bad().stream().map(BundleReader.BadLine::number).toList());
        for (BundleReader.Line line : lines.lines()) {
            T parsed = parser.apply(line.node());
            if (parsed == null) {
                badLines.add(line.number());
            } else {
                into.add(parsed);
            }
        }
        badLines.sort(null);
        if (!badLines.isEmpty()) {
            warnings.add(describeBadLines(lines.name(), badLines, lines.lastNonBlank()));
        }
        return badLines.size();
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

    /** The interval histograms of one tile's workload; empty when its log is absent or damaged. */
    Optional<Map<Long, Map<String, Histogram>>> histograms(int tile, String workload) {
        try {
            return BundleReader.of(directory).histograms(tile, workload);
        } catch (BundleReader.DamagedFile damaged) {
            return Optional.empty();
        }
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
