package org.tilemark.workloads.olio;

import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.tilemark.workloads.driver.IntervalRecorder;

/**
 * Feeds the embedded run's samples into Tilemark's interval histograms instead of a JTL. Runs in the
 * sampling thread, so it reads the user's schedule from the thread's JMeter variables. One instance
 * serves every thread ({@link NoThreadClone}); the recorder is thread-safe.
 *
 * <p>Latency of a sample is its end minus the cycle's <em>intended</em> start (no coordinated
 * omission). A Login while logged in is a Logout then a Login in one cycle: the Login is timed from
 * the cycle's start, so it includes the logout, as Faban times it. Embedded resources and redirects
 * are sub-results: they count with their page.
 */
final class OlioSampleListener extends AbstractTestElement implements SampleListener, NoThreadClone {

    static final String LOGOUT = "Logout";

    private final transient IntervalRecorder recorder;
    private final String vm;
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
        if (!recording) {
            return;
        }
        SampleResult result = event.getResult();
        String operation = result.getSampleLabel();
        if (!OlioTestPlan.SAMPLE_LABELS.contains(operation)) {
            return;
        }
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        long startNanos = TimeUnit.MILLISECONDS.toNanos(result.getStartTime());
        long endNanos = TimeUnit.MILLISECONDS.toNanos(latestEnd(result));
        boolean ok = allSuccessful(result);
        long intendedNanos = Long.parseLong(vars.get(OlioScripts.INTENDED_NS));
        if ("true".equals(vars.get(OlioScripts.CYCLE_FIRST))) {
            vars.put(OlioScripts.CYCLE_FIRST, "false");
            recorder.lag(startNanos - intendedNanos);
            recordCycle(vars, startNanos);
        }
        long latencyNanos = endNanos - intendedNanos;
        if (LOGOUT.equals(operation)) {
            // part of the Login cycle: a failed logout fails that Login
            if (ok) {
                recorder.success(operation, latencyNanos);
            } else {
                recorder.failure(operation, vm);
                vars.put(OlioScripts.LOGOUT_FAILED, "true");
            }
            return;
        }
        if ("Login".equals(operation) && "true".equals(vars.get(OlioScripts.LOGOUT_FAILED))) {
            ok = false;
        }
        recorder.attempt();
        if (ok) {
            recorder.completed(operation, latencyNanos);
        } else {
            recorder.failedUnit(operation, vm);
        }
    }

    /** The planned and the achieved start-to-start gap, from the second cycle on. */
    private void recordCycle(JMeterVariables vars, long startNanos) {
        String previousActual = vars.get(OlioScripts.PREVIOUS_ACTUAL_NS);
        String intendedGap = vars.get(OlioScripts.GAP_NS);
        if (previousActual != null && intendedGap != null && !intendedGap.isEmpty()) {
            recorder.success("cycle.intended", Long.parseLong(intendedGap));
            recorder.success("cycle.actual", startNanos - Long.parseLong(previousActual));
        }
        vars.put(OlioScripts.PREVIOUS_ACTUAL_NS, Long.toString(startNanos));
    }

    static long latestEnd(SampleResult result) {
        long end = result.getEndTime();
        for (SampleResult sub : result.getSubResults()) {
            end = Math.max(end, latestEnd(sub));
        }
        return end;
    }

    static boolean allSuccessful(SampleResult result) {
        if (!result.isSuccessful()) {
            return false;
        }
        for (SampleResult sub : result.getSubResults()) {
            if (!allSuccessful(sub)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void sampleStarted(SampleEvent event) {
    }

    @Override
    public void sampleStopped(SampleEvent event) {
    }
}
