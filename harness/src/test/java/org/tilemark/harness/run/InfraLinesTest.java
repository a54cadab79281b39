package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.infra.platform.Placement;

/**
 * An operation's line names the phase it ended in as verify recomputes it from the intervals cut: an abort
 * mid-interval leaves that interval uncut, so an operation that ended in it is in no phase. Decided as it ended, such
 * an operation was recorded in the phase under way, and the aborted run's bundle failed verify on it.
 */
class InfraLinesTest {

    private static final Instant PHASE_START = Instant.parse("2026-11-29T20:00:00Z");

    private final List<InfraOpLine> published = new ArrayList<>();
    private final InfraLines lines = new InfraLines(new SamplePublisher() {
        @Override
        public void interval(IntervalCut cut) {
        }

        @Override
        public void infraOperation(InfraOpLine operation) {
            published.add(operation);
        }
    });
    private final LivePhaseWindows windows = new LivePhaseWindows();

    private static Instant at(int seconds) {
        return PHASE_START.plusSeconds(seconds);
    }

    private void ended(String vm, Instant end) {
        Placement host = new Placement("host1", "ds1");
        lines.ended(end, phase -> InfraOpLine.platformInitiated("vmotion", vm, "standby", 1, host, host, end.toString(),
                phase, "test"));
    }

    @Test
    void anOperationEndingInTheIntervalAnAbortLeavesUncutIsInNoPhase() {
        windows.add(1, at(0), at(60));
        lines.phasesBy(windows::phaseAt);

        ended("tile1-a", at(5));
        assertThat(published).as("its interval is not cut yet").isEmpty();
        lines.cutAt(at(10));
        ended("tile1-b", at(14)); // the interval 10-20 s is under way when the run is aborted at 16 s
        windows.endedAt(at(10));
        ended("tile1-c", at(18)); // in flight at the abort, let finish
        lines.flush();

        assertThat(published).extracting(InfraOpLine::vm, InfraOpLine::phase)
                .containsExactly(tuple("tile1-a", 1), tuple("tile1-b", 0),
                        tuple("tile1-c", 0));
    }

    @Test
    void eachLineWaitsForTheCutAfterItsEndAndTheLinesKeepTheirOrder() {
        windows.add(1, at(0), at(20));
        lines.phasesBy(windows::phaseAt);

        ended("tile1-a", at(3));
        ended("tile1-b", at(12));
        ended("tile1-c", at(7));
        lines.cutAt(at(10));
        assertThat(published).extracting(InfraOpLine::vm).containsExactly("tile1-a", "tile1-c");

        lines.cutAt(at(20));
        windows.noPhaseFollows();
        assertThat(published).extracting(InfraOpLine::vm, InfraOpLine::phase).containsExactly(
                tuple("tile1-a", 1), tuple("tile1-c", 1),
                tuple("tile1-b", 1));
    }
}
