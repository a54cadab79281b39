package org.tilemark.harness.verify;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.HistogramLogCursor;

/**
 * The interval histograms of {@code histograms/tileN-workload.hlog}, handed to intervals.jsonl's lines as they
 * claim them. The percentiles of a phase come only from these: per-interval percentiles cannot be merged. Each log is
 * walked front to back beside the lines (a tile's workload's lines and its log's intervals are both in time order), so
 * only the next interval of each log is held: verify's memory does not grow with the run's length or its tiles' logs.
 * An interval the walk passes without a line claiming it is a mismatch there, and any left at the end.
 */
final class HistogramIndex implements AutoCloseable {

    static final String SCHEDULE_LAG = org.tilemark.harness.bundle.HistogramLog.SCHEDULE_LAG;

    private final BundleReader reader;
    /** file name -> its log, at the first interval no line has claimed yet (sorted, so the end names the first left). */
    private final Map<String, Walk> walks = new TreeMap<>();

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
        Walk walk = walk(tile, workload);
        Optional<HistogramLogCursor.Interval> passed = Optional.empty();
        Optional<HistogramLogCursor.Interval> next = walk.peek();
        while (next.isPresent() && next.get().startMs() < startMs - 1) { // only a mismatch reads on past one
            if (passed.isEmpty()) {
                passed = next;
            }
            walk.take();
            next = walk.peek();
        }
        if (next.isEmpty() || next.get().startMs() > startMs + 1) {
            throw new BundleMismatch(BundleLayout.histogramLogPath(tile, workload) + ": no interval starting at " + startMs
                    + " ms (epoch) for the intervals.jsonl line that does, or another line claimed it first");
        }
        if (passed.isPresent()) {
            throw unclaimed(walk, passed.get());
        }
        return walk.take().byTag();
    }

    /**
     * Fails for a log interval no line claimed: an intervals.jsonl line removed from a bundle leaves
     * its histograms behind. Only logs of the workloads the lines name are read.
     */
    void requireAllClaimed() throws BundleMismatch {
        for (Walk walk : walks.values()) {
            Optional<HistogramLogCursor.Interval> left = walk.peek();
            if (left.isPresent()) {
                throw unclaimed(walk, left.get());
            }
        }
    }

    @Override
    public void close() {
        walks.values().forEach(walk -> walk.cursor.close());
    }

    private static BundleMismatch unclaimed(Walk walk, HistogramLogCursor.Interval interval) {
        return new BundleMismatch(walk.cursor.name() + ": the interval starting at " + interval.startMs()
                + " ms (epoch) has no intervals.jsonl line");
    }

    private Walk walk(int tile, String workload) throws BundleMismatch {
        String name = fileName(tile, workload);
        Walk walk = walks.get(name);
        if (walk == null) {
            walk = new Walk(reader.histogramCursor(tile, workload)
                    .orElseThrow(() -> new BundleMismatch(BundleLayout.histogramLogPath(tile, workload) + ": missing")));
            walks.put(name, walk);
        }
        return walk;
    }

    /** A log's cursor with the interval read ahead of it. */
    private static final class Walk {
        private final HistogramLogCursor cursor;
        private Optional<HistogramLogCursor.Interval> ahead;

        Walk(HistogramLogCursor cursor) {
            this.cursor = cursor;
        }

        Optional<HistogramLogCursor.Interval> peek() throws BundleMismatch {
            if (ahead == null) {
                try {
                    ahead = cursor.next();
                } catch (BundleReader.DamagedFile e) {
                    throw new BundleMismatch(e.getMessage());
                }
            }
            return ahead;
        }

        HistogramLogCursor.Interval take() throws BundleMismatch {
            HistogramLogCursor.Interval taken = peek().orElseThrow();
            ahead = null;
            return taken;
        }
    }
}
