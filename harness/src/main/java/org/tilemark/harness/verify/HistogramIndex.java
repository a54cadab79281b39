package org.tilemark.harness.verify;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;

/**
 * The interval histograms of {@code histograms/tileN-workload.hlog}, keyed by interval start. The
 * percentiles of a phase come only from these: per-interval percentiles cannot be merged.
 */
final class HistogramIndex {

    static final String SCHEDULE_LAG = org.tilemark.harness.bundle.HistogramLog.SCHEDULE_LAG;

    private final BundleReader reader;
    /** file name -> interval start (ms) -> tag -> histogram. */
    private final Map<String, Map<Long, Map<String, Histogram>>> byFile = new HashMap<>();
    /** file name -> interval starts an intervals.jsonl line has claimed. */
    private final Map<String, Set<Long>> claimed = new HashMap<>();

    HistogramIndex(Path bundle) {
        this.reader = BundleReader.of(bundle);
    }

    static String fileName(int tile, String workload) {
        return BundleLayout.histogramLog(tile, workload);
    }

    /**
     * The histograms (by tag) of the interval that started at {@code startMs}; the log stores seconds
     * with three decimals, so a start read back may be off by one millisecond.
     */
    Map<String, Histogram> interval(int tile, String workload, long startMs) throws BundleMismatch {
        Map<Long, Map<String, Histogram>> intervals = file(tile, workload);
        for (long at : new long[] {startMs, startMs - 1, startMs + 1}) {
            Map<String, Histogram> found = intervals.get(at);
            if (found != null && claimed.computeIfAbsent(fileName(tile, workload), k -> new HashSet<>()).add(at)) {
                return found;
            }
        }
        throw new BundleMismatch(BundleLayout.histogramLogPath(tile, workload) + ": no interval starting at " + startMs
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
                    throw new BundleMismatch(BundleLayout.HISTOGRAMS + "/" + file.getKey() + ": the interval starting at " + start
                            + " ms (epoch) has no intervals.jsonl line");
                }
            }
        }
    }

    private Map<Long, Map<String, Histogram>> file(int tile, String workload) throws BundleMismatch {
        String name = fileName(tile, workload);
        Map<Long, Map<String, Histogram>> cached = byFile.get(name);
        if (cached != null) {
            return cached;
        }
        try {
            Map<Long, Map<String, Histogram>> intervals = reader.histograms(tile, workload)
                    .orElseThrow(() -> new BundleMismatch(BundleLayout.histogramLogPath(tile, workload) + ": missing"));
            byFile.put(name, intervals);
            return intervals;
        } catch (BundleReader.DamagedFile e) {
            throw new BundleMismatch(e.getMessage());
        }
    }
}
