package org.tilemark.harness.bundle;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads one tile's workload histogram log front to back, an interval at a time (its histograms by tag), holding only
 * that interval and the next histogram: a reader that walks a long run's logs beside its intervals.jsonl needs no
 * more, where one that keeps a log whole grows with the run. The log's damage is found as it is read: a histogram
 * that is not integer-valued, a tag twice in an interval, an interval starting no later than the one before it (the
 * writer cuts them in order), and, once the log is read through, lines that are neither histograms nor comments.
 */
public final class HistogramLogCursor implements AutoCloseable {

    /** One interval of the log: its start and end (ms, epoch) and its histograms by tag, in the log's order. */
    public record Interval(long startMs, long endMs, Map<String, Histogram> byTag) {
    }

    private final Path file;
    private final String name;
    private final HistogramLogReader reader;
    private Histogram ahead;
    private long lastStartMs = Long.MIN_VALUE;
    private int histogramsRead;
    private boolean ended;

    private HistogramLogCursor(Path file, String name, HistogramLogReader reader) {
        this.file = file;
        this.name = name;
        this.reader = reader;
    }

    /** The log of {@code tile}'s {@code workload} in {@code directory}; empty when it is absent. */
    static Optional<HistogramLogCursor> open(Path directory, int tile, String workload) {
        String name = BundleLayout.histogramLogPath(tile, workload);
        Path file = directory.resolve(name);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new HistogramLogCursor(file, name, new HistogramLogReader(file.toFile())));
        } catch (FileNotFoundException e) {
            return Optional.empty();
        }
    }

    /** The log's path in the bundle, as messages name it. */
    public String name() {
        return name;
    }

    /** The next interval, or empty once the log is read through (and its lines all accounted for). */
    public Optional<Interval> next() throws BundleReader.DamagedFile {
        Histogram first = ahead != null ? ahead : read();
        ahead = null;
        if (first == null) {
            return Optional.empty();
        }
        long start = first.getStartTimeStamp();
        if (start <= lastStartMs) {
            throw new BundleReader.DamagedFile(name, "the interval starting at " + start
                    + " ms follows the one starting at " + lastStartMs + " ms (intervals are written in order)");
        }
        lastStartMs = start;
        Map<String, Histogram> byTag = new LinkedHashMap<>();
        for (Histogram h = first; h != null; h = read()) {
            if (h.getStartTimeStamp() != start) {
                ahead = h;
                break;
            }
            if (byTag.putIfAbsent(tag(h), h) != null) {
                throw new BundleReader.DamagedFile(name, "tag " + tag(h) + " twice in the interval starting at " + start + " ms");
            }
        }
        return Optional.of(new Interval(start, first.getEndTimeStamp(), byTag));
    }

    /** Reads the log to its end, checking it, and keeps nothing. */
    public void drain() throws BundleReader.DamagedFile {
        while (next().isPresent()) {
            // each interval checked and dropped
        }
    }

    @Override
    public void close() {
        reader.close();
    }

    private static String tag(Histogram histogram) {
        return histogram.getTag() == null ? "" : histogram.getTag();
    }

    private Histogram read() throws BundleReader.DamagedFile {
        if (ended) {
            return null;
        }
        EncodableHistogram read;
        try {
            read = reader.nextIntervalHistogram();
        } catch (RuntimeException e) {
            // HdrHistogram reports a damaged log as an unchecked exception (bad base64, bad encoding).
            throw new BundleReader.DamagedFile(name, "not a readable histogram log (" + e.getMessage() + ")");
        }
        if (read == null) {
            ended = true;
            reader.close();
            histogramLines();
            return null;
        }
        if (!(read instanceof Histogram histogram)) {
            throw new BundleReader.DamagedFile(name, "holds a histogram that is not integer-valued");
        }
        histogramsRead++;
        return histogram;
    }

    /**
     * HdrHistogram's reader skips a line it cannot parse as a histogram without a word; every line that is not a
     * comment or the column legend must have been one of those read.
     */
    private void histogramLines() throws BundleReader.DamagedFile {
        long lines;
        try (var all = Files.lines(file, StandardCharsets.UTF_8)) {
            lines = all.filter(line -> !line.isBlank() && !line.startsWith("#") && !line.startsWith("\"StartTimestamp\""))
                    .count();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new BundleReader.DamagedFile(name, "not UTF-8 text");
        }
        if (lines != histogramsRead) {
            throw new BundleReader.DamagedFile(name, "not a readable histogram log (" + (lines - histogramsRead)
                    + " of its " + lines + " lines are not histograms)");
        }
    }
}
