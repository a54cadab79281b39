package org.tilemark.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The measured phases' windows of a run whose next phase is decided only when a phase ends (a load path), as the
 * live clock learns them (verify's PhaseWindows recomputes them from the bundle): which phase an infrastructure
 * operation ended in. An operation that ends after the last window, before the run has said
 * whether a phase follows at once, waits for that word (at most {@link #PATIENCE}): it belongs to the next phase if
 * one starts there, else to none.
 */
final class LivePhaseWindows {

    /** The time scoring a phase and deciding the next takes is far below this; it only bounds a stuck decision. */
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private record Window(int phase, Instant start, Instant end) {
    }

    private final List<Window> windows = new ArrayList<>();
    private boolean undecided;

    /** Phase {@code phase} runs from {@code start} to {@code end}; what follows it is undecided until said. */
    synchronized void add(int phase, Instant start, Instant end) {
        windows.add(new Window(phase, start, end));
        undecided = true;
        notifyAll();
    }

    /** No phase follows the last one at once (the tile count changes, or the run ends). */
    synchronized void noPhaseFollows() {
        undecided = false;
        notifyAll();
    }

    /**
     * The run measured nothing after {@code last} (it ended, or was stopped mid-phase): the last window ends there at the
     * latest, as verify recomputes it from the intervals cut, and no phase follows.
     */
    synchronized void endedAt(Instant last) {
        if (!windows.isEmpty() && windows.getLast().end().isAfter(last)) {
            Window cut = windows.removeLast();
            windows.add(new Window(cut.phase(), cut.start(), last.isBefore(cut.start()) ? cut.start() : last));
        }
        noPhaseFollows();
    }

    /** The phase {@code instant} falls in; 0 outside every measured phase. */
    synchronized int phaseAt(Instant instant) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (undecided && !windows.isEmpty() && !instant.isBefore(windows.getLast().end())) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return windows.stream().filter(w -> !instant.isBefore(w.start()) && instant.isBefore(w.end()))
                .mapToInt(Window::phase).findFirst().orElse(0);
    }
}
