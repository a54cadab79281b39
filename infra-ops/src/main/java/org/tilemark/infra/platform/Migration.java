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
 * @param moved      what {@code bytesMoved} counts, in the platform's words, e.g. {@link #MODELLED_MEMORY}
 *                   where the platform streams a stand-in of the memory size rather than the guest's memory
 */
public record Migration(Placement from, Placement to, long bytesMoved, Optional<Duration> stun, Optional<Duration> downtime,
                        String moved) {

    /** A stand-in stream of the VM's configured memory size: the guest's memory itself is not read. */
    public static final String MODELLED_MEMORY = "modelled memory";
    /** The VM's files, copied. */
    public static final String DISK_COPY = "disk copy";
    /** The guest's memory, as the hypervisor sent it (a live migration on shared storage). */
    public static final String MEMORY = "memory";
    /** The guest's memory and its disks, as the hypervisor sent them (a migration without shared storage). */
    public static final String MEMORY_AND_DISK = "memory and disk copy";

    public Migration {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(stun, "stun");
        Objects.requireNonNull(downtime, "downtime");
        Objects.requireNonNull(moved, "moved");
        if (bytesMoved < 0) {
            throw new IllegalArgumentException("bytesMoved must be >= 0, got " + bytesMoved);
        }
    }
}
