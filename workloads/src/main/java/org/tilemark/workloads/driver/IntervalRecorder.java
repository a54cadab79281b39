package org.tilemark.workloads.driver;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.tilemark.scoring.IntervalMeasure;

/**
 * Thread-safe recording of operation latencies and outcomes, cut into intervals without losing or
 * double-counting a sample (HdrHistogram {@link Recorder} flips between two histograms). The counts
 * agree with the histograms exactly, which {@code tilemark verify} relies on: {@code completed} is
 * the histograms' count of the operations recorded with {@link #completed}, and a failed unit
 * counts its operation's error under the same lock as the cut.
 *
 * <p>A unit still in flight at a cut is not left out of it ({@link #begin}, {@link #started}): one whose request
 * is past its timeout fails in the interval the cut ends, a request past the time its operation should have taken
 * has its latency so far recorded there ({@link InFlight#request(String, String, long, long, long)}), every start of
 * the owner's plan already due has its lag so far recorded there ({@link StartPlan}), and an Olio user's cycle open
 * past its allowed gap has that gap so far recorded ({@link OpenCycle}), so a guest that hangs fails the phase it
 * hung in rather than the next one, or none.
 */
public final class IntervalRecorder {

    /** Latencies above an hour are clamped: a request that slow has long since failed its QoS. */
    static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

    private final InstantSource clock;
    private final LongSupplier nanoTime;
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

    public IntervalRecorder(InstantSource clock) {
        this(clock, System::nanoTime);
    }

    /**
     * With {@code nanoTime} as the monotonic time the cuts judge the units in flight by: {@link System#nanoTime}
     * in a driver, a unit test's fake one that puts a cut past a deadline without waiting for it.
     */
    public IntervalRecorder(InstantSource clock, LongSupplier nanoTime) {
        this.clock = clock;
        this.nanoTime = nanoTime;
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
     * lag so far of each start of its owner's {@code plan} that is due and not yet taken ({@link StartPlan}).
     */
    public InFlight begin(String operation, String vm, Duration timeout, StartPlan<?> plan) {
        return begin(operation, vm, timeout, plan, null);
    }

    /**
     * As {@link #begin(String, String, Duration, StartPlan)}, and a cut that finds the owner's cycle still open past
     * {@code cycle}'s allowed gap records that gap so far ({@link OpenCycle}).
     */
    public InFlight begin(String operation, String vm, Duration timeout, StartPlan<?> plan, OpenCycle cycle) {
        InFlight unit = new InFlight(false, plan, cycle);
        unit.request(operation, vm, nanoTime.getAsLong() + timeout.toNanos());
        inFlight.add(unit);
        return unit;
    }

    /**
     * A unit that starts now, its attempt counted at once: its owner declares each request it waits on
     * ({@link InFlight#request}), and a cut fails the unit once the request in progress is past its deadline.
     * The owner records the unit's outcome only when {@link InFlight#settle} lets it; a cut also records the
     * lag so far of each start of the owner's {@code plan} that is due and not yet taken ({@link StartPlan}).
     */
    public InFlight started(StartPlan<?> plan) {
        attempt();
        InFlight unit = new InFlight(true, plan, null);
        inFlight.add(unit);
        return unit;
    }

    /**
     * The owner's unit ended: true when its outcome is still the owner's to record, false when a cut failed it.
     * Under the cuts' lock, so once it returns no cut records anything more for the unit, and what a cut did
     * record (its gap, a late request's latency) the owner sees in its flags, its plan's missed starts in the plan.
     */
    public synchronized boolean end(InFlight unit) {
        inFlight.remove(unit);
        return unit.settle();
    }

    /** Ends the current interval and starts the next; called by one thread (the harness's clock). */
    public synchronized IntervalSnapshot cut() {
        countInFlight(nanoTime.getAsLong());
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
        IntervalSnapshot snapshot = new IntervalSnapshot(intervalStart, end, new IntervalMeasure(histograms,
                byOperation, attempts.sumThenReset(), completed, failedUnits, refused,
                scheduleLag.getIntervalHistogram(), drain(vmErrors)));
        intervalStart = end;
        return snapshot;
    }

    /**
     * What the units still in flight already tell: starts missed, a cycle stuck open, a request late or past its
     * timeout. A unit stays in the set until its owner ends it: a later cut may find more of its plan's starts missed.
     */
    private void countInFlight(long nowNanos) {
        for (InFlight unit : inFlight) {
            unit.plan.recordMissed(nowNanos, this::lag);
            OpenCycle cycle = unit.cycle;
            if (cycle != null && cycle.stuckAt(nowNanos) && unit.gapRecorded.compareAndSet(false, true)) {
                long openNanos = nowNanos - cycle.startNanos();
                success(cycle.names().intended(), cycle.plannedGapNanos());
                success(cycle.names().actual(), openNanos);
                success(cycle.names().stuck(), openNanos);
            }
            InFlight.Request request = unit.request;
            if (request == null) {
                continue;
            }
            if (nowNanos - request.deadlineNanos() >= 0) {
                if (unit.settle()) {
                    if (!unit.attemptCounted) {
                        attempt();
                    }
                    failedUnit(request.operation(), request.vm());
                }
            } else if (nowNanos - request.dueNanos() > request.lateAfterNanos() && !unit.settled()
                    && request.claimLatency()) {
                success(request.operation(), nowNanos - request.dueNanos());
            }
        }
    }

    /** A unit in flight ({@link #begin}, {@link #started}); identity, not value, tells two apart. */
    public static final class InFlight {
        /**
         * The request the owner waits on: what a cut past its deadline fails, under which operation and VM, and what a
         * cut finds waiting longer than {@code lateAfterNanos} from {@code dueNanos} times ({@link Long#MAX_VALUE}: never), once.
         */
        private record Request(String operation, String vm, long deadlineNanos, long dueNanos, long lateAfterNanos,
                               AtomicBoolean latencyClaimed) {
            /** Claims the request's latency: true once, for whoever records it (the owner, or a cut past its late time). */
            boolean claimLatency() {
                return latencyClaimed.compareAndSet(false, true);
            }
        }

        private final boolean attemptCounted;
        private final StartPlan<?> plan;
        private final OpenCycle cycle;
        /** One field, so a cut never pairs one request's deadline with another's name. */
        private volatile Request request;
        private final AtomicBoolean settled = new AtomicBoolean();
        private final AtomicBoolean gapRecorded = new AtomicBoolean();

        private InFlight(boolean attemptCounted, StartPlan<?> plan, OpenCycle cycle) {
            this.attemptCounted = attemptCounted;
            this.plan = plan;
            this.cycle = cycle;
        }

        /**
         * The owner now waits on a request of {@code operation} to {@code vm} that fails at {@code deadlineNanos}
         * (System.nanoTime): a cut past it fails the unit there, as the request itself will.
         */
        public void request(String operation, String vm, long deadlineNanos) {
            request(operation, vm, deadlineNanos, deadlineNanos, Long.MAX_VALUE);
        }

        /**
         * As {@link #request(String, String, long)}, and the request's latency runs from {@code dueNanos}: a cut that
         * finds it waiting longer than {@code lateAfterNanos} (its operation's QoS limit), within its deadline, records
         * its latency so far under {@code operation}, once, in the interval it ends; the owner then does not record it
         * when the answer comes ({@link #answered} says whose it is). So a page stuck at a phase's end counts in that
         * phase's percentile, at least as late as it already is.
         */
        public void request(String operation, String vm, long deadlineNanos, long dueNanos, long lateAfterNanos) {
            request = new Request(operation, vm, deadlineNanos, dueNanos, lateAfterNanos, new AtomicBoolean());
        }

        /**
         * The request ended (answered or failed): a cut no longer judges it. True when its latency is still the owner's
         * to record, false when a cut recorded it so far, the request being late.
         */
        public boolean answered() {
            Request ended = request;
            request = null;
            return ended == null || ended.claimLatency();
        }

        /** Claims the unit's outcome: true once, for whoever records it (the owner, or a cut past a deadline). */
        public boolean settle() {
            return settled.compareAndSet(false, true);
        }

        /** True when the outcome was claimed: by a cut, while the owner still runs the unit. */
        public boolean settled() {
            return settled.get();
        }

        /** True when a cut recorded the gap to the owner's next start ({@link OpenCycle}): not recorded again. */
        public boolean nextGapRecorded() {
            return gapRecorded.get();
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
