package org.tilemark.workloads.olio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;

/** How samples become Tilemark measurements: latency from the intended start, lag, cycle gaps, failures. */
class OlioSampleListenerTest {

    private static final long INTENDED_MS = 1_800_000_000_000L;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private final OlioSampleListener listener = new OlioSampleListener(recorder, "tile1-olio-web");
    private JMeterVariables vars;

    @BeforeEach
    void newCycle() {
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
        vars.put(OlioScripts.INTENDED_NS, Long.toString(TimeUnit.MILLISECONDS.toNanos(INTENDED_MS) + 250_000));
        vars.put(OlioScripts.GAP_NS, Long.toString(TimeUnit.SECONDS.toNanos(5)));
        vars.put(OlioScripts.PREVIOUS_ACTUAL_NS, Long.toString(TimeUnit.MILLISECONDS.toNanos(INTENDED_MS - 4_000)));
        vars.put(OlioScripts.CYCLE_FIRST, "true");
    }

    @Test
    void lateStartCountsInTheLatencyAndAsLag() {
        // started 300 ms late, took 100 ms; an embedded image finished 20 ms after the page
        SampleResult page = sample("HomePage", INTENDED_MS + 300, INTENDED_MS + 400, true);
        page.addRawSubResult(sample("HomePage-1", INTENDED_MS + 380, INTENDED_MS + 420, true));
        listener.sampleOccurred(new SampleEvent(page, "olio-users"));
        IntervalSnapshot s = recorder.cut();
        assertEquals(420 - 0.25, millis(s, "HomePage"), 0.5);
        assertEquals(300 - 0.25, s.scheduleLagNanos().getMaxValue() / 1e6, 0.5);
        assertEquals(5000, millis(s, "cycle.intended"), 5);
        assertEquals(4300, millis(s, "cycle.actual"), 5);
        assertEquals(1, s.attempts());
        assertEquals(1, s.completed());
        assertEquals(0, s.errors());
    }

    @Test
    void aFailedEmbeddedResourceFailsTheOperation() {
        SampleResult page = sample("TagSearch", INTENDED_MS, INTENDED_MS + 50, true);
        page.addRawSubResult(sample("TagSearch-1", INTENDED_MS + 10, INTENDED_MS + 30, false));
        listener.sampleOccurred(new SampleEvent(page, "olio-users"));
        IntervalSnapshot s = recorder.cut();
        assertNull(s.latencyNanos().get("TagSearch"));
        assertEquals(Map.of("TagSearch", 1L), s.errorsByOperation());
        assertEquals(Map.of("tile1-olio-web", 1L), s.errorsByVm());
        assertEquals(1, s.attempts());
        assertEquals(0, s.completed());
        assertEquals(1, s.errors());
    }

    @Test
    void loginAfterLogoutIsOneUnitTimedWithTheLogoutAsFabanTimesIt() {
        listener.sampleOccurred(new SampleEvent(sample("Logout", INTENDED_MS, INTENDED_MS + 40, true), "g"));
        listener.sampleOccurred(new SampleEvent(sample("Login", INTENDED_MS + 41, INTENDED_MS + 141, true), "g"));
        IntervalSnapshot s = recorder.cut();
        assertEquals(40, millis(s, "Logout"), 0.5);
        assertEquals(141, millis(s, "Login"), 0.5);
        assertEquals(1, s.attempts(), "Logout is part of the Login cycle");
        assertEquals(1, s.completed());
        assertEquals(1, s.latencyNanos().get("cycle.actual").getTotalCount(), "one cycle");
    }

    @Test
    void aFailedLogoutFailsItsLogin() {
        listener.sampleOccurred(new SampleEvent(sample("Logout", INTENDED_MS, INTENDED_MS + 40, false), "g"));
        listener.sampleOccurred(new SampleEvent(sample("Login", INTENDED_MS + 41, INTENDED_MS + 141, true), "g"));
        IntervalSnapshot s = recorder.cut();
        assertEquals(Map.of("Logout", 1L, "Login", 1L), s.errorsByOperation());
        assertEquals(0, s.completed());
        assertEquals(1, s.errors());
    }

    @Test
    void samplesOutsideTheOperationsAndAfterStopAreIgnored() {
        listener.sampleOccurred(new SampleEvent(sample("olio.prime", INTENDED_MS, INTENDED_MS + 10, true), "g"));
        listener.stopRecording();
        listener.sampleOccurred(new SampleEvent(sample("HomePage", INTENDED_MS, INTENDED_MS + 10, false), "g"));
        IntervalSnapshot s = recorder.cut();
        assertEquals(Map.of(), s.latencyNanos());
        assertEquals(Map.of(), s.errorsByOperation());
        assertEquals(0, s.attempts());
    }

    private static SampleResult sample(String label, long startMs, long endMs, boolean ok) {
        SampleResult result = SampleResult.createTestSample(startMs, endMs);
        result.setSampleLabel(label);
        result.setSuccessful(ok);
        return result;
    }

    private static double millis(IntervalSnapshot s, String operation) {
        return s.latencyNanos().get(operation).getMaxValue() / 1e6;
    }
}
