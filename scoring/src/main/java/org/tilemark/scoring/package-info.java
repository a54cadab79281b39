/**
 * Scoring: pure functions and immutable results that turn measured workloads into a Tilemark score.
 *
 * <p>Units. Latency histograms ({@link org.HdrHistogram.AbstractHistogram}) hold <b>nanoseconds</b>,
 * each value measured from the request's <i>intended</i> start (no coordinated omission). Every derived
 * statistic ({@link org.tilemark.scoring.OperationStats}, schedule lag, QoS details) is in
 * <b>milliseconds</b> and says so in its name ({@code p95Ms}). Limits in APIs are {@link java.time.Duration}.
 * Percentages are 0..100, never fractions.
 *
 * <p>Formula (VMmark style): a workload's throughput divided by its reference gives a normalized score;
 * a tile scores the geometric mean of its workloads; the application score sums the tiles; a phase
 * scores {@code 0.8·app + 0.2·infra} (or app alone when no infrastructure score exists); a run scores
 * the median phase and is compliant only if every QoS check of every phase passed.
 *
 * <p>Nothing here does I/O, logs, or holds mutable state; every record validates its fields and throws
 * {@link java.lang.IllegalArgumentException} naming the offending field.
 */
package org.tilemark.scoring;
