package org.tilemark.harness.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Things that happened to the run (a VM died, a stage failed), kept for the verdict and the report. */
final class RunEvents {

    record Event(Instant at, String what) {
    }

    private final List<Event> events = new ArrayList<>();

    synchronized void add(String what) {
        events.add(new Event(Instant.now(), what));
    }

    synchronized List<Event> all() {
        return List.copyOf(events);
    }
}
