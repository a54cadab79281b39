package org.tilemark.workloads.olio;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.tilemark.workloads.driver.FirstFailures;
import org.tilemark.workloads.driver.IntervalRecorder;

/**
 * Feeds the embedded run's cycles ({@link OlioCycleSample}) into Tilemark's interval histograms instead
 * of a JTL. One instance serves every thread ({@link NoThreadClone}); the recorder is thread-safe.
 *
 * <p>Latency of an operation is its end minus the cycle's <em>intended</em> start (no coordinated
 * omission); the schedule lag is the actual start minus the intended one. A Login while logged in is
 * a Logout then a Login in one cycle: the Login is timed from the cycle's start, so it includes the
 * logout, as Faban times it, and a failed Logout fails it. A cycle that a cut failed while it was in flight
 * past its timeout ({@link IntervalRecorder#begin}) is not counted again when it ends, nor a gap a cut recorded
 * while the cycle before was stuck open past it ({@link org.tilemark.workloads.driver.OpenCycle}).
 */
final class OlioSampleListener extends AbstractTestElement implements SampleListener, NoThreadClone {

    static final String LOGOUT = "Logout";

    private final transient IntervalRecorder recorder;
    private final String vm;
    private final FirstFailures firstFailures = new FirstFailures("Olio");
    private final LongAdder operations = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private volatile boolean recording = true;

    OlioSampleListener(IntervalRecorder recorder, String vm) {
        this.recorder = recorder;
        this.vm = vm;
        setName("tilemark.olio.recorder");
    }

    /** From now on samples are ignored: the requests our own stop interrupts are not the server's failures. */
    void stopRecording() {
        recording = false;
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
        if (recording && event.getResult() instanceof OlioCycleSample sample) {
            record(sample.cycle());
        }
    }

    /** What the recorded cycles sent: their count and their HTTP requests (an operation's page makes several). */
    String requestsSummary() {
        long ops = operations.sum();
        long sent = requests.sum();
        return String.format(Locale.ROOT, "%s: %d Olio operations sent %d HTTP requests (%.2f per operation)",
                vm, ops, sent, ops == 0 ? 0.0 : (double) sent / ops);
    }

    private void record(OlioCycle cycle) {
        operations.increment();
        requests.add(cycle.requests());
        long intended = cycle.intendedNanos();
        if (!cycle.lagRecorded()) {
            recorder.lag(cycle.startNanos() - intended);
        }
        if (cycle.gapNanos() >= 0 && cycle.previousStartNanos() >= 0 && !cycle.gapRecorded()) {
            recorder.success(OlioWorkload.CYCLE_INTENDED, cycle.gapNanos());
            recorder.success(OlioWorkload.CYCLE_ACTUAL, cycle.startNanos() - cycle.previousStartNanos());
        }
        if (cycle.unit() != null && !recorder.end(cycle.unit())) {
            return; // a cut failed it while it was in flight past its timeout: counted there, once
        }
        boolean ok = cycle.ok();
        OlioCycle.Logout logout = cycle.logout();
        if (logout != null) {
            if (logout.ok()) {
                recorder.success(LOGOUT, logout.endNanos() - intended);
            } else {
                recorder.failure(LOGOUT, vm);
                ok = false;
            }
        }
        recorder.attempt();
        if (ok) {
            recorder.completed(cycle.operation(), cycle.endNanos() - intended);
        } else {
            recorder.failedUnit(cycle.operation(), vm);
            firstFailures.failed(vm, cycle.operation(), cycle.failure());
        }
    }

    @Override
    public void sampleStarted(SampleEvent event) {
    }

    @Override
    public void sampleStopped(SampleEvent event) {
    }
}
