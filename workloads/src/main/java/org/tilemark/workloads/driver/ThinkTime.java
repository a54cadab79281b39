package org.tilemark.workloads.driver;

import java.time.Duration;
import java.util.random.RandomGenerator;

/** The gap between one user's intended starts: a distribution, sampled with the user's own generator. */
@FunctionalInterface
public interface ThinkTime {

    Duration next(RandomGenerator random);

    /** The offset of a user's first start from the origin: half a gap, so users do not arrive in lockstep. */
    default Duration first(RandomGenerator random) {
        return next(random).dividedBy(2);
    }

    /** Uniform on [0, 2 x mean): DVD Store's think time. */
    static ThinkTime uniform(Duration mean) {
        long meanNanos = mean.toNanos();
        return random -> Duration.ofNanos((long) (random.nextDouble() * 2 * meanNanos));
    }

    /** Negative exponential with the given mean, truncated at {@code max} (Faban's cycle time). */
    static ThinkTime negativeExponential(Duration mean, Duration max) {
        double meanNanos = mean.toNanos();
        long maxNanos = max.toNanos();
        return random -> Duration.ofNanos(Math.min(maxNanos, (long) (-meanNanos * Math.log(1 - random.nextDouble()))));
    }
}
