package org.tilemark.workloads.olio;

import org.tilemark.workloads.driver.IntervalRecorder;

/**
 * One user's cycle: an operation run at (or after) its intended start. Times are epoch nanoseconds.
 *
 * @param operation        the operation (a {@link OlioMarkovChain#OPERATIONS} name)
 * @param intendedNanos    when the schedule meant it to start
 * @param startNanos       when its first request went out
 * @param endNanos         when its last answer was read
 * @param ok               every request of it succeeded (and a Login was accepted)
 * @param failure          why not, or null
 * @param gapNanos         the start-to-start gap the schedule drew before it, {@code -1} for a user's first
 * @param previousStartNanos the previous cycle's actual start, {@code -1} for a user's first
 * @param logout           the Logout a Login while logged in begins with, or null
 * @param requests         HTTP requests the cycle sent: pages, redirects, embedded files (and the Logout's)
 * @param unit             the cycle as the recorder saw it in flight, or null (a cut may have failed it)
 * @param lagRecorded      a cut already recorded this cycle's schedule lag, while its user was stuck in the one before
 * @param gapRecorded      a cut already recorded the gap before this cycle, the one before being stuck open past it
 */
record OlioCycle(String operation, long intendedNanos, long startNanos, long endNanos, boolean ok, String failure,
                 long gapNanos, long previousStartNanos, Logout logout, long requests, IntervalRecorder.InFlight unit,
                 boolean lagRecorded, boolean gapRecorded) {

    /** A cycle no cut saw in flight. */
    OlioCycle(String operation, long intendedNanos, long startNanos, long endNanos, boolean ok, String failure,
              long gapNanos, long previousStartNanos, Logout logout, long requests) {
        this(operation, intendedNanos, startNanos, endNanos, ok, failure, gapNanos, previousStartNanos, logout, requests,
                null, false, false);
    }

    /** Faban's Login while logged in is a Logout, then the Login: the Logout's outcome. */
    record Logout(boolean ok, long endNanos) {
    }
}
