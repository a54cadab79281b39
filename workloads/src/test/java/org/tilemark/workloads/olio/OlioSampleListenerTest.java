package org.tilemark.workloads.olio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Clock;
import java.util.Map;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;

/** How cycles become Tilemark measurements: latency from the intended start, lag, cycle gaps, failures. */
class OlioSampleListenerTest {

    private static final long MS = 1_000_000L;
    private static final long INTENDED = 1_800_000_000_000L * MS + 250_000;
    private static final long PREVIOUS_START = INTENDED - 4_000 * MS;
    private static final long GAP = 5_000 * MS;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private final OlioSampleListener listener = new OlioSampleListener(recorder, "tile1-olio-web");

    @Test
    void lateStartCountsInTheLatencyAndAsLag() {
        // started 300 ms late, took 120 ms
        occurred(new OlioCycle("HomePage", INTENDED, INTENDED + 300 * MS, INTENDED + 420 * MS, true, null,
                GAP, PREVIOUS_START, null, 1));
        IntervalSnapshot s = recorder.cut();
        assertEquals(420, millis(s, "HomePage"), 0.5);
        assertEquals(300, s.measure().scheduleLagNanos().getMaxValue() / 1e6, 0.5);
        assertEquals(5000, millis(s, "cycle.intended"), 5);
        assertEquals(4300, millis(s, "cycle.actual"), 5);
        assertEquals(1, s.measure().attempts());
        assertEquals(1, s.measure().completed());
        assertEquals(0, s.measure().errors());
    }

    @Test
    void aGapACutRecordedWhileTheCycleBeforeWasStuckIsNotRecordedAgain() {
        // The cycle before was stuck open past its gap at a cut, which recorded that gap so far (OpenCycle).
        occurred(new OlioCycle("HomePage", INTENDED, INTENDED + 9_000 * MS, INTENDED + 9_100 * MS, true, null,
                GAP, PREVIOUS_START, null, 1, null, true, true));
        IntervalSnapshot s = recorder.cut();
        assertNull(s.measure().latencyNanos().get("cycle.intended"));
        assertNull(s.measure().latencyNanos().get("cycle.actual"));
        assertEquals(0, s.measure().scheduleLagNanos().getTotalCount(), "the lag too was recorded at the cut");
        assertEquals(1, s.measure().completed());
        assertEquals(9_100, millis(s, "HomePage"), 5);
    }

    @Test
    void aFailedOperationCountsAsAFailedUnitOfItsVm() {
        occurred(new OlioCycle("TagSearch", INTENDED, INTENDED, INTENDED + 50 * MS, false, "GET /static/olio.css: HTTP 500",
                GAP, PREVIOUS_START, null, 1));
        IntervalSnapshot s = recorder.cut();
        assertNull(s.measure().latencyNanos().get("TagSearch"));
        assertEquals(Map.of("TagSearch", 1L), s.measure().errorsByOperation());
        assertEquals(Map.of("tile1-olio-web", 1L), s.measure().errorsByVm());
        assertEquals(1, s.measure().attempts());
        assertEquals(0, s.measure().completed());
        assertEquals(1, s.measure().errors());
    }

    @Test
    void loginAfterLogoutIsOneUnitTimedWithTheLogoutAsFabanTimesIt() {
        occurred(new OlioCycle("Login", INTENDED, INTENDED, INTENDED + 141 * MS, true, null, GAP, PREVIOUS_START,
                new OlioCycle.Logout(true, INTENDED + 40 * MS), 2));
        IntervalSnapshot s = recorder.cut();
        assertEquals(40, millis(s, "Logout"), 0.5);
        assertEquals(141, millis(s, "Login"), 0.5);
        assertEquals(1, s.measure().attempts(), "Logout is part of the Login cycle");
        assertEquals(1, s.measure().completed());
        assertEquals(1, s.measure().latencyNanos().get("cycle.actual").getTotalCount(), "one cycle");
        assertEquals("tile1-olio-web: 1 Olio operations sent 2 HTTP requests (2.00 per operation)", listener.requestsSummary());
    }

    @Test
    void aFailedLogoutFailsItsLogin() {
        occurred(new OlioCycle("Login", INTENDED, INTENDED, INTENDED + 141 * MS, true, null, GAP, PREVIOUS_START,
                new OlioCycle.Logout(false, INTENDED + 40 * MS), 2));
        IntervalSnapshot s = recorder.cut();
        assertEquals(Map.of("Logout", 1L, "Login", 1L), s.measure().errorsByOperation());
        assertEquals(0, s.measure().completed());
        assertEquals(1, s.measure().errors());
    }

    @Test
    void aUsersFirstCycleHasNoGapAndOtherSamplesAndThoseAfterStopAreIgnored() {
        occurred(new OlioCycle("HomePage", INTENDED, INTENDED, INTENDED + 10 * MS, true, null, -1, -1, null, 1));
        SampleResult other = SampleResult.createTestSample(1, 2);
        other.setSampleLabel("olio.stopped");
        listener.sampleOccurred(new SampleEvent(other, "g"));
        listener.stopRecording();
        occurred(new OlioCycle("HomePage", INTENDED, INTENDED, INTENDED + 10 * MS, false, "stopped", GAP, PREVIOUS_START, null, 1));
        IntervalSnapshot s = recorder.cut();
        assertEquals(Map.of("HomePage", 1L), Map.of("HomePage", s.measure().latencyNanos().get("HomePage").getTotalCount()));
        assertNull(s.measure().latencyNanos().get("cycle.actual"));
        assertEquals(Map.of(), s.measure().errorsByOperation());
        assertEquals(1, s.measure().attempts());
    }

    private void occurred(OlioCycle cycle) {
        listener.sampleOccurred(new SampleEvent(new OlioCycleSample(cycle), "olio-users"));
    }

    private static double millis(IntervalSnapshot s, String operation) {
        return s.measure().latencyNanos().get(operation).getMaxValue() / 1e6;
    }
}
