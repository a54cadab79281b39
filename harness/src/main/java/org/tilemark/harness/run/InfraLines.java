package org.tilemark.harness.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;
import org.tilemark.harness.bundle.InfraOpLine;

/**
 * The infrastructure operations' lines on their way to infra-ops.jsonl, each published once the interval it ended in
 * has been cut. A line names the phase its operation ended in, and verify recomputes that phase from the intervals
 * the bundle holds; an operation ending after the last cut may fall in an interval a stop leaves uncut (an abort
 * mid-interval), so its phase is decided only once that interval is cut, or the run has said where its measurement
 * ended. Decided at once, it was recorded in a phase verify's windows end before.
 */
final class InfraLines {

    /** A line whose phase is still to be decided: the instant it ended and the line for a phase. */
    private record Waiting(Instant end, IntFunction<InfraOpLine> line) {
    }

    private final SamplePublisher publisher;
    private final List<Waiting> waiting = new ArrayList<>();
    private volatile ToIntFunction<Instant> phaseOf = at -> 0;

    InfraLines(SamplePublisher publisher) {
        this.publisher = publisher;
    }

    /** How an instant's phase is told from here on (the loop's live windows). */
    void phasesBy(ToIntFunction<Instant> phaseOfInstant) {
        this.phaseOf = phaseOfInstant;
    }

    /** The phase {@code instant} falls in, as told now. */
    int phaseAt(Instant instant) {
        return phaseOf.applyAsInt(instant);
    }

    /** An operation that ended at {@code end}: its line, for the phase it ended in, waits for its interval's cut. */
    synchronized void ended(Instant end, IntFunction<InfraOpLine> line) {
        waiting.add(new Waiting(end, line));
    }

    /** An interval was cut at {@code cut}: the lines of operations that ended before it are published, in order. */
    synchronized void cutAt(Instant cut) {
        publish(w -> w.end().isBefore(cut));
    }

    /** The run has said where its measurement ended: every waiting line is published. */
    synchronized void flush() {
        publish(w -> true);
    }

    private void publish(java.util.function.Predicate<Waiting> due) {
        for (Iterator<Waiting> it = waiting.iterator(); it.hasNext(); ) {
            Waiting w = it.next();
            if (due.test(w)) {
                publisher.infraOperation(w.line().apply(phaseAt(w.end())));
                it.remove();
            }
        }
    }
}
