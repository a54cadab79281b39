package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One line of intervals.jsonl: where the interval belongs ({@code stage} warmup or measure, phase 0
 * for warm-up), its planned start, end and length, the workload's target throughput, the scored units
 * that completed in it ({@code tilemark verify} recomputes throughput from them), and what it measured.
 */
public record IntervalLine(int interval, String stage, int phase, int tile, String workload, String start, String end,
                           long durationMs, double target, long completed, @JsonUnwrapped Measured measured) {

    public static final String WARMUP = "warmup";
    public static final String MEASURE = "measure";
}
