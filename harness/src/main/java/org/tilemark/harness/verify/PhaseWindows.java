package org.tilemark.harness.verify;

import java.time.Duration;
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

    /** How long phase {@code phase} was planned to last, from its first interval's start to its last one's end. */
    Duration length(int phase) {
        Window window = windows.get(phase);
        return window == null ? Duration.ZERO : Duration.between(window.start(), window.end());
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
