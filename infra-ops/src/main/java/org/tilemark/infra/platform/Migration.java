package org.tilemark.infra.platform;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What one completed migration did.
 *
 * @param bytesMoved memory and disk bytes the platform transferred
 * @param stun       how long the guest was paused for the switch-over, if it was only paused
 * @param downtime   how long the guest's service was unavailable, if it had to be restarted
 */
public record Migration(Placement from, Placement to, long bytesMoved, Optional<Duration> stun, Optional<Duration> downtime) {

    public Migration {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(stun, "stun");
        Objects.requireNonNull(downtime, "downtime");
        if (bytesMoved < 0) {
            throw new IllegalArgumentException("bytesMoved must be >= 0, got " + bytesMoved);
        }
    }
}
