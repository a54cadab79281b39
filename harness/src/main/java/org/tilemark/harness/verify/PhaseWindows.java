package org.tilemark.harness.verify;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/** When each measured phase began and ended, from its intervals: infra operations are scored by when they ended. */
final class PhaseWindows {

    private record Window(Instant start, Instant end) {
    }

    private final Map<Integer, Window> windows = new TreeMap<>();

    void add(int phase, Instant start, Instant end) {
        windows.merge(phase, new Window(start, end), (a, b) -> new Window(
                a.start().isBefore(b.start()) ? a.start() : b.start(), a.end().isAfter(b.end()) ? a.end() : b.end()));
    }

    /** The phase whose window holds {@code at} (start inclusive, end exclusive, as the live clock decides); 0 if none. */
    int phaseAt(Instant at) {
        for (Map.Entry<Integer, Window> e : windows.entrySet()) {
            if (!at.isBefore(e.getValue().start()) && at.isBefore(e.getValue().end())) {
                return e.getKey();
            }
        }
        return 0;
    }
}
