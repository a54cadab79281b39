package org.tilemark.workloads.driver;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Thread-safe recording of operation latencies and outcomes, cut into intervals without losing or
 * double-counting a sample (HdrHistogram {@link Recorder} flips between two histograms).
 */
public final class IntervalRecorder {

    /** Latencies above an hour are clamped: a request that slow has long since failed its QoS. */
    static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

    private final Clock clock;
    private final Map<String, Recorder> latency = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> operationErrors = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> vmErrors = new ConcurrentHashMap<>();
    private final Recorder scheduleLag = new Recorder(HIGHEST_NANOS, 3);
    private final LongAdder attempts = new LongAdder();
    private final LongAdder completed = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder rollbacks = new LongAdder();
    private Instant intervalStart;

    public IntervalRecorder(Clock clock) {
        this.clock = clock;
        this.intervalStart = clock.instant();
    }

    public void success(String operation, long latencyNanos) {
        latency.computeIfAbsent(operation, k -> new Recorder(HIGHEST_NANOS, 3))
                .recordValue(Math.max(0, Math.min(latencyNanos, HIGHEST_NANOS)));
    }

    public void failure(String operation, String vm) {
        operationErrors.computeIfAbsent(operation, k -> new LongAdder()).increment();
        vmErrors.computeIfAbsent(vm, k -> new LongAdder()).increment();
    }

    public void lag(long lagNanos) {
        scheduleLag.recordValue(Math.max(0, Math.min(lagNanos, HIGHEST_NANOS)));
    }

    public void attempt() {
        attempts.increment();
    }

    public void completed() {
        completed.increment();
    }

    public void failedUnit() {
        errors.increment();
    }

    public void rolledBack() {
        rollbacks.increment();
    }

    /** Ends the current interval and starts the next; called by one thread (the harness's clock). */
    public synchronized IntervalSnapshot cut() {
        Instant end = clock.instant();
        Map<String, Histogram> histograms = new TreeMap<>();
        latency.forEach((op, recorder) -> histograms.put(op, recorder.getIntervalHistogram()));
        IntervalSnapshot snapshot = new IntervalSnapshot(intervalStart, end, histograms,
                drain(operationErrors), attempts.sumThenReset(), completed.sumThenReset(),
                errors.sumThenReset(), rollbacks.sumThenReset(), scheduleLag.getIntervalHistogram(),
                drain(vmErrors));
        intervalStart = end;
        return snapshot;
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
