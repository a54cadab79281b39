package org.tilemark.config;

import java.time.Duration;

/**
 * Storage characterization ({@code tilemark storage}): Iometer-style data points run by I/O VMs in
 * lockstep on one datastore.
 *
 * @param vms             I/O VMs, placed round robin over the hosts used
 * @param hosts           host slots to use; 0 = every host of the cluster
 * @param datastore       the datastore (one the platform has, e.g. a name in {@code cluster.local.datastores}) the I/O VMs' disks live on
 * @param disksPerVm      data disks (preallocated files) per VM, one worker each
 * @param diskSize        size of each data disk, e.g. 1GB
 * @param thinDisks       data disks are sparse (allocated on first write, like thin-provisioned virtual
 *                        disks) instead of preallocated with data (thick, the default)
 * @param outstandingIos  I/Os each worker keeps in flight
 * @param transferSizesKb comma-separated transfer sizes of the classic matrix, in KB
 * @param databaseLike    also run the 70 % read / 30 % write spec with 4 KB and 64 KB in equal parts
 * @param rampUp          per data point, run but not measured
 * @param runtime         per data point, measured
 * @param quick           what {@code --quick} shrinks ramp-up, runtime and disk size to
 * @param interference    {@code tilemark storage interference}: the metadata loop's schedule
 */
public record StorageSpec(int vms, int hosts, String datastore, int disksPerVm, String diskSize, boolean thinDisks, int outstandingIos,
        String transferSizesKb, boolean databaseLike, Duration rampUp, Duration runtime, Quick quick,
        Interference interference) {

    /**
     * Metadata interference: while the I/O VMs run the 70/30 spec, a metadata loop creates and
     * deletes a virtual disk of {@code diskSize} on their datastore every {@code start}, then every
     * {@code start - step}, ... down to back to back (0), each interval held for {@code stepDuration};
     * a first step without the loop is the baseline. I/O is measured per {@code interval}.
     */
    public record Interference(Duration start, Duration step, Duration stepDuration, Duration interval, String diskSize,
                               Schedule quick) {
    }

    /** The {@code --quick} schedule of the interference run. */
    public record Schedule(Duration start, Duration step, Duration stepDuration, Duration interval) {
    }

    /** The {@code --quick} profile. */
    public record Quick(Duration rampUp, Duration runtime, String diskSize) {
    }
}
