package org.tilemark.workloads.driver;

import java.util.ArrayDeque;
import java.util.function.LongConsumer;

/**
 * One user's intended starts, drawn in order, each once, and shared between the user and the interval cuts. The
 * user takes them one by one ({@link #take}); a cut that finds the user stuck in a unit ({@link IntervalRecorder#started},
 * {@link IntervalRecorder#begin}) draws the plan on to its own time and records the schedule lag so far of every start
 * already due and not yet taken ({@link #recordMissed}), as a coordinated-omission-correct recorder does
 * (HdrHistogram's {@code recordValueWithExpectedInterval}, wrk2): a user stuck for 5 s on 2 s gaps has missed two or three
 * starts, not one. When the user takes such a start later, it finds its lag recorded and does not record it again.
 * Drawing happens under this plan's lock, from whichever thread asks first, so what {@link Draw} reads (a generator,
 * the schedule's state) must be the plan's alone.
 *
 * @param <T> what a start carries besides its time (Olio: the operation and its slot), or {@link Void}
 */
public final class StartPlan<T> {

    /**
     * One intended start: when it is due (System.nanoTime), what it carries, and whether the user runs it at all (a
     * load shape may leave a user inactive then; an inactive start is never late).
     */
    public record Start<T>(long dueNanos, T what, boolean active) {
    }

    /** A start as the user takes it: {@code lagRecorded} when a cut already recorded its lag while the user was stuck. */
    public record Taken<T>(Start<T> start, boolean lagRecorded) {
    }

    /** Draws the start after {@code previous} ({@code null}: the user's first). Called under the plan's lock. */
    @FunctionalInterface
    public interface Draw<T> {
        Start<T> after(Start<T> previous);
    }

    /** A start drawn and not yet taken. */
    private static final class Ahead<T> {
        final Start<T> start;
        boolean lagRecorded;

        Ahead(Start<T> start) {
            this.start = start;
        }
    }

    private final Draw<T> draw;
    private final ArrayDeque<Ahead<T>> ahead = new ArrayDeque<>();
    private Start<T> last;

    public StartPlan(Draw<T> draw) {
        this.draw = draw;
    }

    /** Starts every {@code periodNanos} from {@code firstDueNanos}, carrying nothing: a fixed beat. */
    public static StartPlan<Void> periodic(long firstDueNanos, long periodNanos) {
        long period = Math.max(1, periodNanos);
        return new StartPlan<>(previous -> new Start<>(previous == null ? firstDueNanos : previous.dueNanos() + period,
                null, true));
    }

    /** The user's next start, drawn now unless a cut drew it already. */
    public synchronized Taken<T> take() {
        Ahead<T> next = ahead.isEmpty() ? drawOne() : ahead.peekFirst();
        ahead.removeFirst();
        return new Taken<>(next.start, next.lagRecorded);
    }

    /** The start after the last one taken, drawn now if need be and left to be taken. */
    public synchronized Start<T> upcoming() {
        return (ahead.isEmpty() ? drawOne() : ahead.peekFirst()).start;
    }

    /**
     * A cut at {@code nowNanos} found the user still in a unit: every active start due by then and not yet taken has
     * its lag so far given to {@code lag}, once (a later cut records only the starts that came due since).
     */
    synchronized void recordMissed(long nowNanos, LongConsumer lag) {
        if (ahead.isEmpty()) {
            drawOne();
        }
        while (nowNanos - last.dueNanos() > 0) {
            drawOne();
        }
        for (Ahead<T> start : ahead) {
            long late = nowNanos - start.start.dueNanos();
            if (late <= 0) {
                return;
            }
            if (start.start.active() && !start.lagRecorded) {
                start.lagRecorded = true;
                lag.accept(late);
            }
        }
    }

    private Ahead<T> drawOne() {
        Start<T> next = draw.after(last);
        if (last != null && next.dueNanos() - last.dueNanos() <= 0) {
            throw new IllegalStateException("a plan's starts must come later each: " + next.dueNanos() + " after "
                    + last.dueNanos());
        }
        last = next;
        Ahead<T> drawn = new Ahead<>(next);
        ahead.addLast(drawn);
        return drawn;
    }
}
