package org.tilemark.harness.verify;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.tilemark.harness.bundle.BundleFormat;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.scoring.OperationStats;
import org.tilemark.workloads.Workload;

/**
 * An interval line's counts against what its histograms and its own per-operation records imply,
 * so that an inflated {@code completed} (and the throughput derived from it) fails even when every
 * figure derived from it was patched to match. Per line: {@code completed} is the histogram log's
 * count of the workload's unit operations ({@link Workload#completesUnit}), {@code errors} the sum of
 * its unit-failing operations' errors ({@link Workload#failsUnit}), and the errors by VM add up to the
 * errors by operation. Per tile and workload, from the first line on: no more units finished
 * (completed + errors) than were attempted, and no more rolled back than completed.
 *
 * <p>Bundles before format version 3 were written by drivers that counted a unit a moment after timing
 * it, so an interval cut in between put the count in the neighbouring interval: for them each count may
 * carry at most {@link #LEGACY_CARRY} unit across a cut, and must add up exactly over the run.
 */
final class UnitCounts {

    /** The first format whose counts agree with the histograms interval by interval. */
    static final int EXACT_FROM_VERSION = 3;
    private static final long LEGACY_CARRY = 1;

    private final long carry;
    private final int version;
    /** "tile/workload" -> running totals. */
    private final Map<String, Running> running = new TreeMap<>();

    UnitCounts(BundleFormat format) {
        this.carry = format.version() >= EXACT_FROM_VERSION ? 0 : LEGACY_CARRY;
        this.version = format.version();
    }

    void check(String where, int tile, Workload workload, IntervalLine line, Map<String, Histogram> latency)
            throws BundleMismatch {
        String log = BundleLayout.histogramLogPath(tile, workload.name());
        long timed = 0;
        StringBuilder unitOps = new StringBuilder();
        for (Map.Entry<String, Histogram> op : new TreeMap<>(latency).entrySet()) {
            if (workload.completesUnit(op.getKey())) {
                timed += op.getValue().getTotalCount();
                unitOps.append(unitOps.isEmpty() ? "" : ", ").append(op.getKey());
            }
        }
        long failedOps = 0;
        long allOpErrors = 0;
        for (Map.Entry<String, OperationStats> op : line.measured().operations().entrySet()) {
            long errors = op.getValue().errors();
            allOpErrors += errors;
            failedOps += workload.failsUnit(op.getKey()) ? errors : 0;
        }
        long vmErrors = 0;
        for (long vm : line.measured().errorsByVm().values()) {
            vmErrors += vm;
        }
        long completed = line.completed();
        long errors = line.measured().errors();
        Running r = running.computeIfAbsent(tile + " " + workload.name(), k -> new Running());
        r.completedGap = agree(where, IntervalLine.COMPLETED_FIELD, completed, timed, r.completedGap,
                log + " counts " + timed + " completed units (" + (unitOps.isEmpty() ? "none" : unitOps) + ")");
        r.errorsGap = agree(where, IntervalLine.ERRORS_FIELD, errors, failedOps, r.errorsGap,
                "its operations record " + failedOps + " failed units");
        r.vmErrorsGap = agree(where, IntervalLine.ERRORS_BY_VM_FIELD + " (sum)", vmErrors, allOpErrors, r.vmErrorsGap,
                "its operations record " + allOpErrors + " errors");
        r.finished += completed + errors;
        r.attempts += line.measured().attempts();
        r.completed += completed;
        r.rollbacks += line.measured().rollbacks();
        if (r.finished > r.attempts + carry) {
            throw new BundleMismatch(where + ": " + r.finished + " units finished (completed + errors) up to this line, but only "
                    + r.attempts + " attempted");
        }
        if (r.rollbacks > r.completed + carry) {
            throw new BundleMismatch(where + ": " + r.rollbacks + " rollbacks up to this line, but only " + r.completed
                    + " units completed");
        }
    }

    /** After the last line: what a legacy bundle carried across cuts must come out even. */
    void finish() throws BundleMismatch {
        for (Map.Entry<String, Running> e : running.entrySet()) {
            Running r = e.getValue();
            if (r.completedGap != 0 || r.errorsGap != 0 || r.vmErrorsGap != 0) {
                throw new BundleMismatch(BundleLayout.INTERVALS + " (tile " + e.getKey() + "): over the run, completed, "
                        + "errors and errorsByVm differ from the histogram logs and operations by " + r.completedGap + ", "
                        + r.errorsGap + " and " + r.vmErrorsGap);
            }
        }
    }

    /** The running difference after this line; fails when it leaves what the format allows. */
    private long agree(String where, String field, long recorded, long implied, long gap, String evidence)
            throws BundleMismatch {
        long next = gap + recorded - implied;
        if (Math.abs(next) > carry) {
            throw new BundleMismatch(where + ": " + field + " " + recorded + ", but " + evidence + " in that interval"
                    + (carry == 0 ? "" : " (a bundle of format version " + version + " may carry " + carry
                    + " across a cut; " + Math.abs(next) + " are unaccounted for)"));
        }
        return next;
    }

    private static final class Running {
        long completedGap;
        long errorsGap;
        long vmErrorsGap;
        long finished;
        long attempts;
        long completed;
        long rollbacks;
    }
}
