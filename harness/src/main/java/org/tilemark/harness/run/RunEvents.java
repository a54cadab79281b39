package org.tilemark.harness.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Things that happened to the run (a VM died, a stage failed), kept for the verdict and the report. */
final class RunEvents {

    record Event(Instant at, String what) {

        /** A VM that stopped unasked ({@link TileCluster}'s watch): it fails the run, or a one-run search's step. */
        boolean vmStopped() {
            return VmStop.isStop(what);
        }

        /** The event as a verdict's reason: what, and when. */
        String reason() {
            return what + " at " + at;
        }
    }

    private final List<Event> events = new ArrayList<>();
    private final RunListener listener;

    RunEvents() {
        this(RunListener.NONE);
    }

    /** Events that a live view hears of as they happen. */
    RunEvents(RunListener listener) {
        this.listener = listener;
    }

    void add(String what) {
        Event event = new Event(Instant.now(), what);
        synchronized (this) {
            events.add(event);
        }
        listener.event(event.at().toString(), what);
    }

    synchronized List<Event> all() {
        return List.copyOf(events);
    }

    /** The VMs that stopped unasked after {@code after}, as reasons. */
    synchronized List<String> vmStopsAfter(Instant after) {
        return events.stream().filter(e -> e.vmStopped() && e.at().isAfter(after)).map(Event::reason).toList();
    }
}
