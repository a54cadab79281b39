package org.tilemark.infra.platform;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What one completed migration did.
 *
 * @param bytesMoved memory and disk bytes the platform transferred
 * @param stun       how long the guest was paused for the switch-over, if it was only paused
 * @param downtime   how long the guest's service was unavailable, if it had to be restarted
 * @param moved      what {@code bytesMoved} counts, in the platform's words, e.g. {@link #MODELLED_MEMORY}
 *                   where the platform streams a stand-in of the memory size rather than the guest's memory
 * @param guestMemoryInUse the guest's own memory in use when the migration began (its total less what it
 *                   could still allocate, as the platform's balloon driver reported it), where the platform knows it:
 *                   a live migration that moved the guest's memory moved at least this much
 */
public record Migration(Placement from, Placement to, long bytesMoved, Optional<Duration> stun, Optional<Duration> downtime,
                        String moved, OptionalLong guestMemoryInUse) {

    /** The VM's configured memory size, accounted at the migration network's bandwidth: the guest's memory itself is not read. */
    public static final String MODELLED_MEMORY = "modelled memory";
    /** The VM's files, copied. */
    public static final String DISK_COPY = "disk copy";
    /** The guest's memory, as the hypervisor sent it (a live migration on shared storage). */
    public static final String MEMORY = "memory";
    /**
     * The VM's files, copied, and the rest of its configured disk size accounted at the platform's
     * storage bandwidth, not copied (a platform whose VMs' files are far smaller than their disks).
     */
    public static final String MODELLED_DISK = "modelled disk";
    /** {@link #MODELLED_MEMORY} and {@link #MODELLED_DISK}: a host and datastore change of a guest that kept running. */
    public static final String MODELLED_MEMORY_AND_DISK = "modelled memory and disk";
        /** The guest's memory and its disks, as the hypervisor sent them (a migration without shared storage). */
    public static final String MEMORY_AND_DISK = "memory and disk copy";

    /** A migration of a platform that does not know the guest's memory in use. */
    public Migration(Placement from, Placement to, long bytesMoved, Optional<Duration> stun, Optional<Duration> downtime,
                     String moved) {
        this(from, to, bytesMoved, stun, downtime, moved, OptionalLong.empty());
    }

    public Migration {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(stun, "stun");
        Objects.requireNonNull(downtime, "downtime");
        Objects.requireNonNull(moved, "moved");
        Objects.requireNonNull(guestMemoryInUse, "guestMemoryInUse");
        if (bytesMoved < 0) {
            throw new IllegalArgumentException("bytesMoved must be >= 0, got " + bytesMoved);
        }
    }
}
