package org.tilemark.workloads.driver;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Thread-safe recording of operation latencies and outcomes, cut into intervals without losing or
 * double-counting a sample (HdrHistogram {@link Recorder} flips between two histograms). The counts
 * agree with the histograms exactly, which {@code tilemark verify} relies on: {@code completed} is
 * the histograms' count of the operations recorded with {@link #completed}, and a failed unit
 * counts its operation's error under the same lock as the cut.
 *
 * <p>A unit still in flight at a cut is not left out of it ({@link #begin}): one past its timeout fails in
 * the interval the cut ends, and the owner's next start, if already due, has its lag so far recorded there,
 * so a guest that hangs fails the phase it hung in rather than the next one, or none.
 */
public final class IntervalRecorder {

    /** Latencies above an hour are clamped: a request that slow has long since failed its QoS. */
    static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);
    /** A timeout no run reaches (System.nanoTime differences stay exact for 292 years). */
    private static final Duration NEVER_TIMES_OUT = Duration.ofDays(365L * 100);

    private final Clock clock;
    private final Map<String, Recorder> latency = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> operationErrors = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> vmErrors = new ConcurrentHashMap<>();
    private final Recorder scheduleLag = new Recorder(HIGHEST_NANOS, 3);
    private final LongAdder attempts = new LongAdder();
    /** Operations recorded through {@link #completed}: their histograms count the completed units. */
    private final Set<String> unitOperations = ConcurrentHashMap.newKeySet();
    private final LongAdder errors = new LongAdder();
    private final LongAdder rollbacks = new LongAdder();
    private final Set<InFlight> inFlight = ConcurrentHashMap.newKeySet();
    private Instant intervalStart;

    public IntervalRecorder(Clock clock) {
        this.clock = clock;
        this.intervalStart = clock.instant();
    }

    public void success(String operation, long latencyNanos) {
        Recorder recorder = latency.get(operation); // a plain read: computeIfAbsent costs more per request
        if (recorder == null) {
            recorder = latency.computeIfAbsent(operation, k -> new Recorder(HIGHEST_NANOS, 3));
        }
        recorder.recordValue(Math.max(0, Math.min(latencyNanos, HIGHEST_NANOS)));
    }

    /** A failed request that does not fail a scored unit by itself (e.g. a page of an order, a logout). */
    public synchronized void failure(String operation, String vm) {
        operationErrors.computeIfAbsent(operation, k -> new LongAdder()).increment();
        vmErrors.computeIfAbsent(vm, k -> new LongAdder()).increment();
    }

    public void lag(long lagNanos) {
        scheduleLag.recordValue(Math.max(0, Math.min(lagNanos, HIGHEST_NANOS)));
    }

    public void attempt() {
        attempts.increment();
    }

    /** A scored unit (an order, a mail action, an Olio operation, a heartbeat) that finished: timed and counted at once. */
    public void completed(String operation, long latencyNanos) {
        unitOperations.add(operation);
        success(operation, latencyNanos);
    }

    /** A scored unit that failed at {@code operation}: that operation's error and the unit's, in one interval. */
    public synchronized void failedUnit(String operation, String vm) {
        failure(operation, vm);
        errors.increment();
    }

    /** A unit the store refused for lack of stock; called after its {@link #completed}, so never in an earlier interval. */
    public void rolledBack() {
        rollbacks.increment();
    }

    /**
     * A unit that starts now and counts its attempt when it ends ({@link #end}); a cut while it is in flight
     * fails it once it is past {@code timeout} (counting its attempt and its error then), and records the
     * lag of its owner's next start once that is past {@code nextDueNanos} (System.nanoTime).
     */
    public InFlight begin(String operation, String vm, Duration timeout, long nextDueNanos) {
        InFlight unit = new InFlight(operation, vm, System.nanoTime() + timeout.toNanos(), nextDueNanos);
        inFlight.add(unit);
        return unit;
    }

    /**
     * A unit that starts now and whose outcome its owner records whatever happens: a cut only records the lag
     * of the owner's next start once that is past {@code nextDueNanos} (System.nanoTime).
     */
    public InFlight awaiting(long nextDueNanos) {
        return begin(null, null, NEVER_TIMES_OUT, nextDueNanos);
    }

    /** The owner's unit ended: true when its outcome is still the owner's to record, false when a cut failed it. */
    public boolean end(InFlight unit) {
        inFlight.remove(unit);
        return unit.settled.compareAndSet(false, true);
    }

    /** Ends the current interval and starts the next; called by one thread (the harness's clock). */
    public synchronized IntervalSnapshot cut() {
        countInFlight(System.nanoTime());
        Instant end = clock.instant();
        // The order of the reads keeps each count in the interval of its unit or later, as verify checks:
        // rollbacks (counted after their unit completes) before the histograms, attempts (counted before
        // their unit ends) after the histograms and the failed units.
        long refused = rollbacks.sumThenReset();
        Map<String, Histogram> histograms = new TreeMap<>();
        latency.forEach((op, recorder) -> histograms.put(op, recorder.getIntervalHistogram()));
        long completed = 0;
        for (String op : unitOperations) {
            Histogram units = histograms.get(op);
            completed += units == null ? 0 : units.getTotalCount();
        }
        Map<String, Long> byOperation = drain(operationErrors);
        long failedUnits = errors.sumThenReset();
        IntervalSnapshot snapshot = new IntervalSnapshot(intervalStart, end, histograms,
                byOperation, attempts.sumThenReset(), completed, failedUnits, refused,
                scheduleLag.getIntervalHistogram(), drain(vmErrors));
        intervalStart = end;
        return snapshot;
    }

    /** What the units still in flight already tell: a timeout passed, a next start missed. */
    private void countInFlight(long nowNanos) {
        for (InFlight unit : inFlight) {
            if (nowNanos - unit.nextDueNanos > 0 && unit.lagRecorded.compareAndSet(false, true)) {
                lag(nowNanos - unit.nextDueNanos);
            }
            if (unit.operation != null && nowNanos - unit.deadlineNanos >= 0 && unit.settled.compareAndSet(false, true)) {
                inFlight.remove(unit);
                attempt();
                failedUnit(unit.operation, unit.vm);
            }
        }
    }

    /** A unit in flight ({@link #begin}); identity, not value, tells two apart. */
    public static final class InFlight {
        private final String operation;
        private final String vm;
        private final long deadlineNanos;
        private final long nextDueNanos;
        private final AtomicBoolean settled = new AtomicBoolean();
        private final AtomicBoolean lagRecorded = new AtomicBoolean();

        private InFlight(String operation, String vm, long deadlineNanos, long nextDueNanos) {
            this.operation = operation;
            this.vm = vm;
            this.deadlineNanos = deadlineNanos;
            this.nextDueNanos = nextDueNanos;
        }

        /** True when a cut recorded the lag of the owner's next start: the owner does not record it again. */
        public boolean nextStartLagRecorded() {
            return lagRecorded.get();
        }
    }

    private static Map<String, Long> drain(Map<String, LongAdder> counters) {
        Map<String, Long> result = new TreeMap<>();
        counters.forEach((k, v) -> {
            long n = v.sumThenReset();
            if (n > 0) {
                result.put(k, n);
            }
        });
        return result;
    }
}
