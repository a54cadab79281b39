package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;

/**
 * One line of intervals.jsonl: where the interval belongs ({@code stage} warmup or measure, phase 0
 * for warm-up), its planned start and end on the run's clock (the infrastructure operations' phases are judged
 * by it), how long the driver's interval really lasted between its cuts ({@code durationMs}: longer than planned
 * when the harness fell behind, shorter for a tile that joined mid-interval; throughput is over it, and before
 * 2026-11-29 it was the planned length), the workload's target throughput, the scored units that completed in it
 * ({@code tilemark verify} recomputes throughput from them; null in bundles written before verify existed), and
 * what it measured.
 */
public record IntervalLine(int interval, String stage, int phase, int tile, String workload, String start, String end,
                           long durationMs, double target, Long completed, @JsonUnwrapped Measured measured) {

    public static final String WARMUP = "warmup";
    public static final String MEASURE = "measure";
    /** The names of the count fields, as a message about a line names them ({@code tilemark verify}'s). */
    public static final String COMPLETED_FIELD = "completed";
    public static final String ERRORS_FIELD = "errors";
    public static final String ERRORS_BY_VM_FIELD = "errorsByVm";

    public boolean warmup() {
        return WARMUP.equals(stage);
    }

    /** Whether the line belongs to a measured phase. */
    public boolean measuring() {
        return MEASURE.equals(stage);
    }

    /** The interval's start, or null when the line's is not an instant. */
    public Instant startsAt() {
        return Instants.parse(start);
    }

    /** The interval's end, or null when the line's is absent or not an instant. */
    public Instant endsAt() {
        return Instants.parse(end);
    }

    /** What a reader needs to place the line: its workload, stage and start (interval and tile are checked as read). */
    boolean placed() {
        return workload != null && !workload.isEmpty() && stage != null && !stage.isEmpty() && startsAt() != null;
    }
}
