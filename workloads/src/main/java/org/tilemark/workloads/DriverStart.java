package org.tilemark.workloads;

import java.time.Duration;
import java.time.Instant;

/**
 * When a driver's load begins. Its users lay their intended starts out from {@code origin}; a load that varies
 * over time (DVD Store's bursts) is timed from {@code runOrigin}, the run's first origin, so the tiles that join a
 * running search burst in step with the tiles already running, as every tile of a run does.
 */
public record DriverStart(Instant origin, Instant runOrigin) {

    public DriverStart {
        if (origin.isBefore(runOrigin)) {
            throw new IllegalArgumentException("a driver's origin " + origin + " is before its run's " + runOrigin);
        }
    }

    /** A run's start: every tile's drivers from one origin. */
    public static DriverStart of(Instant origin) {
        return new DriverStart(origin, origin);
    }

    /** How far into the run's time-varying load this driver's users begin (zero in a run). */
    public Duration intoRun() {
        return Duration.between(runOrigin, origin);
    }

    /** {@link #origin()} on {@link System#nanoTime()}'s scale, which the users' plans keep time in. */
    public long originNanos() {
        return System.nanoTime() + Duration.between(Instant.now(), origin).toNanos();
    }
}
