package org.tilemark.harness.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Things that happened to the run (a VM died, a stage failed), kept for the verdict and the report. */
final class RunEvents {

    record Event(Instant at, String what) {
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
}
