package org.tilemark.harness.verify;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The interval histograms of {@code histograms/tileN-workload.hlog}, keyed by interval start. The
 * percentiles of a phase come only from these: per-interval percentiles cannot be merged.
 */
final class HistogramIndex {

    static final String SCHEDULE_LAG = "scheduleLag";

    private final Path directory;
    /** file name -> interval start (ms) -> tag -> histogram. */
    private final Map<String, Map<Long, Map<String, Histogram>>> byFile = new HashMap<>();
    /** file name -> interval starts an intervals.jsonl line has claimed. */
    private final Map<String, Set<Long>> claimed = new HashMap<>();

    HistogramIndex(Path bundle) {
        this.directory = bundle.resolve("histograms");
    }

    static String fileName(int tile, String workload) {
        return "tile" + tile + "-" + workload + ".hlog";
    }

    /**
     * The histograms (by tag) of the interval that started at {@code startMs}; the log stores seconds
     * with three decimals, so a start read back may be off by one millisecond.
     */
    Map<String, Histogram> interval(int tile, String workload, long startMs) throws BundleMismatch {
        Map<Long, Map<String, Histogram>> intervals = file(fileName(tile, workload));
        for (long at : new long[] {startMs, startMs - 1, startMs + 1}) {
            Map<String, Histogram> found = intervals.get(at);
            if (found != null && claimed.computeIfAbsent(fileName(tile, workload), k -> new HashSet<>()).add(at)) {
                return found;
            }
        }
        throw new BundleMismatch("histograms/" + fileName(tile, workload) + ": no interval starting at " + startMs
                + " ms (epoch) for the intervals.jsonl line that does, or another line claimed it first");
    }

    /**
     * Fails for a log interval no line claimed: an intervals.jsonl line removed from a bundle leaves
     * its histograms behind. Only logs of the workloads the lines name are read.
     */
    void requireAllClaimed() throws BundleMismatch {
        for (var file : new TreeMap<>(byFile).entrySet()) {
            Set<Long> lines = claimed.getOrDefault(file.getKey(), Set.of());
            for (Long start : new TreeSet<>(file.getValue().keySet())) {
                if (!lines.contains(start)) {
                    throw new BundleMismatch("histograms/" + file.getKey() + ": the interval starting at " + start
                            + " ms (epoch) has no intervals.jsonl line");
                }
            }
        }
    }

    private Map<Long, Map<String, Histogram>> file(String name) throws BundleMismatch {
        Map<Long, Map<String, Histogram>> cached = byFile.get(name);
        if (cached != null) {
            return cached;
        }
        Path file = directory.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new BundleMismatch("histograms/" + name + ": missing");
        }
        Map<Long, Map<String, Histogram>> intervals = new HashMap<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            for (EncodableHistogram read = reader.nextIntervalHistogram(); read != null;
                 read = reader.nextIntervalHistogram()) {
                if (!(read instanceof Histogram histogram)) {
                    throw new BundleMismatch("histograms/" + name + ": holds a histogram that is not integer-valued");
                }
                String tag = histogram.getTag() == null ? "" : histogram.getTag();
                Map<String, Histogram> tags = intervals.computeIfAbsent(histogram.getStartTimeStamp(),
                        k -> new LinkedHashMap<>());
                if (tags.put(tag, histogram) != null) {
                    throw new BundleMismatch("histograms/" + name + ": tag " + tag + " twice in the interval starting at "
                            + histogram.getStartTimeStamp() + " ms");
                }
            }
        } catch (FileNotFoundException e) {
            throw new BundleMismatch("histograms/" + name + ": missing");
        } catch (RuntimeException e) {
            // HdrHistogram reports a damaged log as an unchecked exception (bad base64, bad encoding).
            throw new BundleMismatch("histograms/" + name + ": not a readable histogram log (" + e.getMessage() + ")");
        }
        byFile.put(name, intervals);
        return intervals;
    }
}
