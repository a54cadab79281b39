package org.tilemark.harness.verify;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.BundleFormat;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.harness.bundle.WrittenDiff;
import org.tilemark.harness.run.ScoreJsonRebuild;
import org.tilemark.scoring.IntervalMeasure;
import org.tilemark.scoring.PhaseAccumulator;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.Workload;

/**
 * Replays intervals.jsonl against the histogram logs. Each line's latency figures and throughput are
 * recomputed from its hlog histograms and its own counts ({@code completed} over the interval's
 * length) and must match what the line says, and its counts must be what the histograms imply
 * ({@link UnitCounts}); measured lines are added up per phase with the live
 * run's {@link PhaseAccumulator}, which is what the phase scores are recomputed from.
 */
final class IntervalRecompute {

    private final BenchmarkSpec spec;
    private final Map<String, Workload> workloads = new LinkedHashMap<>();
    private final HistogramIndex histograms;
    /**
     * The phase the lines are in: "tile/workload" -> accumulated. Its histograms are a phase's whole latency record
     * (hundreds of KB per operation and workload), so a phase is reduced to its results once the lines pass it.
     */
    private final TreeMap<Integer, Map<String, PhaseAccumulator>> open = new TreeMap<>();
    /** phase -> tile -> workload -> result, for the phases the lines have passed. */
    private final Map<Integer, Map<Integer, Map<String, WorkloadResult>>> closed = new TreeMap<>();
    private final PhaseWindows windows = new PhaseWindows();
    private final UnitCounts counts;
    private int lines;

    /**
     * Every line of the bundle's intervals.jsonl replayed against its histogram logs, in one walk of each; ends
     * with {@link #finish}'s checks.
     */
    static IntervalRecompute replay(BenchmarkSpec spec, List<Workload> enabled, BundleFilesRead files)
            throws BundleMismatch, IOException {
        try (HistogramIndex histograms = new HistogramIndex(files.directory())) {
            IntervalRecompute intervals = new IntervalRecompute(spec, enabled, histograms, files.format());
            files.eachInterval(intervals::add);
            intervals.finish();
            return intervals;
        }
    }

    IntervalRecompute(BenchmarkSpec spec, List<Workload> enabled, HistogramIndex histograms, BundleFormat format) {
        this.spec = spec;
        this.counts = new UnitCounts(format);
        enabled.forEach(w -> workloads.put(w.name(), w));
        this.histograms = histograms;
    }

    void add(BundleReader.Line<IntervalLine> read) throws BundleMismatch {
        IntervalLine line = read.value();
        String where = BundleLayout.INTERVALS + " line " + read.number();
        int tile = line.tile();
        String name = line.workload();
        Workload workload = workloads.get(name);
        if (workload == null) {
            throw new BundleMismatch(where + ": workload '" + name + "' is not enabled in run.json's configuration");
        }
        where += " (tile " + tile + " " + name + ", interval " + line.interval() + ")";
        if (line.completed() == null) {
            throw new BundleMismatch(where + ": no 'completed' count, so its throughput cannot be recomputed "
                    + "(bundles written before tilemark verify lack it)");
        }
        Instant start = line.startsAt();
        Instant end = line.endsAt();
        if (end == null) {
            throw new BundleMismatch(where + ": its end is not an instant");
        }
        Duration length = Duration.ofMillis(line.durationMs());
        // A tile that joined just before a warm-up cut may have been driven for no whole millisecond of it.
        if (length.isNegative() || length.isZero() && line.measuring()) {
            throw new BundleMismatch(where + ": durationMs is not positive");
        }
        Map<String, Histogram> latency = new LinkedHashMap<>(histograms.interval(tile, name, start.toEpochMilli()));
        Histogram lag = latency.remove(HistogramIndex.SCHEDULE_LAG);
        if (lag == null) {
            throw new BundleMismatch(BundleLayout.histogramLogPath(tile, name) + ": no " + HistogramIndex.SCHEDULE_LAG
                    + " histogram for " + where);
        }
        Measured measured = line.measured();
        IntervalMeasure measure = new IntervalMeasure(latency, operationErrors(measured), measured.attempts(),
                line.completed(), measured.errors(), measured.rollbacks(), lag, measured.errorsByVm());
        WorkloadResult recomputed = PhaseAccumulator.result(tile, name, workload.metricUnit(), workload.metricPeriod(),
                length, measure);
        compare(where, read, recomputed, workload);
        counts.check(where, tile, workload, line, latency);
        lines++;
        if (line.measuring()) {
            int phase = line.phase();
            windows.add(phase, start, end);
            if (closed.containsKey(phase)) {
                throw new BundleMismatch(where + ": in phase " + phase + " after a later phase's lines (a run writes its "
                        + "intervals in time order)");
            }
            closeBefore(phase);
            open.computeIfAbsent(phase, p -> new LinkedHashMap<>())
                    .computeIfAbsent(tile + "/" + name, k -> new PhaseAccumulator(tile, name, workload.metricUnit(),
                            workload.metricPeriod()))
                    .add(measure, length);
        }
    }

    private void compare(String where, BundleReader.Line<IntervalLine> read, WorkloadResult recomputed, Workload workload)
            throws BundleMismatch {
        Optional<String> first = WrittenDiff.measured(where, read, ScoreJsonRebuild.measured(recomputed));
        if (first.isPresent()) {
            throw new BundleMismatch(first.get());
        }
        double target = ScoreJsonRebuild.round(workload.targetThroughput(spec));
        if (read.value().target() != target) {
            throw BundleMismatch.of(where + " target", read.value().target(), target);
        }
    }

    int lines() {
        return lines;
    }

    /** After the last line: every interval the histogram logs hold was claimed by a line. */
    void finish() throws BundleMismatch {
        histograms.requireAllClaimed();
        counts.finish();
    }

    PhaseWindows windows() {
        return windows;
    }

    /**
     * Phase -> tile -> workload -> phase result, for the phases that ran to their end: a phase an abort
     * cut short was never scored, so its intervals are checked but not scored here either.
     */
    Map<Integer, Map<Integer, Map<String, WorkloadResult>>> completePhases() {
        return phases(true);
    }

    /**
     * Phase -> tile -> workload -> phase result; with {@code whole}, only the phases whose intervals span
     * run.phaseDuration on the run's clock (a one-run search's phases differ in length: its steps name the phases they
     * were scored from). What the intervals really lasted may differ from it (a harness that fell behind).
     */
    Map<Integer, Map<Integer, Map<String, WorkloadResult>>> phases(boolean whole) {
        closeBefore(Integer.MAX_VALUE);
        Map<Integer, Map<Integer, Map<String, WorkloadResult>>> all = new TreeMap<>();
        closed.forEach((phase, byTile) -> {
            if (!whole || windows.length(phase).equals(spec.run().phaseDuration())) {
                all.put(phase, byTile);
            }
        });
        return all;
    }

    /** Reduces the open phases before {@code phase} to their results. */
    private void closeBefore(int phase) {
        var passed = open.headMap(phase);
        passed.forEach((number, accumulated) -> {
            Map<Integer, Map<String, WorkloadResult>> byTile = new TreeMap<>();
            for (PhaseAccumulator acc : accumulated.values()) {
                WorkloadResult result = acc.result();
                byTile.computeIfAbsent(result.tile(), t -> new LinkedHashMap<>()).put(result.workload(), result);
            }
            closed.put(number, byTile);
        });
        passed.clear();
    }

    /** Every operation a line names, with its error count (the live snapshot's errorsByOperation). */
    private static Map<String, Long> operationErrors(Measured measured) {
        Map<String, Long> errors = new LinkedHashMap<>();
        measured.operations().forEach((name, op) -> errors.put(name, op.errors()));
        return errors;
    }
}
