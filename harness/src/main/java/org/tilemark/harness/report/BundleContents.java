package org.tilemark.harness.report;

import org.tilemark.harness.bundle.IntervalLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;

/**
 * Everything the report writers read, loaded from the bundle's persisted files only (through
 * {@link BundleReader}'s records), so a report can be rebuilt after a crash. Missing or damaged files
 * become warnings rather than failures; {@code run} is {@link RunFile#unknown()} when run.json is.
 */
record BundleContents(Path directory, RunFile run, Optional<ScoreFile> score,
                      List<IntervalLine> intervals, int skippedIntervalLines,
                      InfraOpsLog infraOps, List<String> warnings) {

    /** Caps how many bad line numbers are listed one by one; the total is always reported. */
    private static final int LISTED_BAD_LINES = 20;

    static BundleContents load(Path bundle) throws IOException {
        if (!Files.isDirectory(bundle)) {
            throw new IOException("not a results bundle directory: " + bundle);
        }
        BundleReader reader = BundleReader.of(bundle);
        List<String> warnings = new ArrayList<>();
        RunFile run = readFile(BundleLayout.RUN, reader::run, warnings).orElse(RunFile.unknown());
        Optional<ScoreFile> score = readFile(BundleLayout.SCORE, reader::score, warnings);
        List<IntervalLine> intervals = new ArrayList<>();
        Optional<BundleReader.Lines<IntervalLine>> intervalLines = reader.intervalRecords();
        int skipped = 0;
        if (intervalLines.isPresent()) {
            intervals.addAll(intervalLines.get().values());
            skipped = skipped(intervalLines.get(), warnings);
        } else {
            warnings.add(BundleLayout.INTERVALS + " is absent");
        }
        return new BundleContents(bundle, run, score, List.copyOf(intervals), skipped,
                readInfraOps(reader, warnings), List.copyOf(warnings));
    }

    private static InfraOpsLog readInfraOps(BundleReader reader, List<String> warnings) throws IOException {
        Optional<BundleReader.Lines<InfraOpLine>> lines = reader.infraOps();
        if (lines.isEmpty()) {
            return InfraOpsLog.ABSENT;
        }
        int skipped = skipped(lines.get(), warnings);
        return new InfraOpsLog(true, lines.get().values(), skipped);
    }

    /** A bundle file's reader: its record, or empty when absent. */
    private interface FileReader<T> {
        Optional<T> read() throws BundleReader.DamagedFile, IOException;
    }

    private static <T> Optional<T> readFile(String name, FileReader<T> reader, List<String> warnings) throws IOException {
        try {
            Optional<T> read = reader.read();
            if (read.isEmpty()) {
                warnings.add(name + " is absent");
            }
            return read;
        } catch (BundleReader.DamagedFile e) {
            warnings.add(name + " is " + e.problem() + "; ignored");
            return Optional.empty();
        }
    }

    /** The number of skipped lines (unparsable or incomplete), with a warning naming them. */
    private static int skipped(BundleReader.Lines<?> lines, List<String> warnings) {
        List<Integer> badLines = lines.bad().stream().map(BundleReader.BadLine::number).toList();
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
        String id = run.runId() != null ? run.runId() : score.map(ScoreFile::runId).orElse(null);
        return id == null ? "" : id;
    }

    SortedSet<Integer> tiles() {
        SortedSet<Integer> tiles = new TreeSet<>();
        intervals.forEach(i -> tiles.add(i.tile()));
        return tiles;
    }

    /** Workloads of a tile, in the order they first appear. */
    List<String> workloads(int tile) {
        return intervals.stream().filter(i -> i.tile() == tile).map(IntervalLine::workload)
                .distinct().toList();
    }

    List<IntervalLine> intervals(int tile, String workload) {
        return intervals.stream()
                .filter(i -> i.tile() == tile && i.workload().equals(workload)).toList();
    }

    /** Number of measured phases, from score.json when present, else from the intervals. */
    int phaseCount() {
        int scored = score.map(s -> s.phases().size()).orElse(0);
        if (scored > 0) {
            return scored;
        }
        return intervals.stream().mapToInt(IntervalLine::phase).max().orElse(0);
    }
}
