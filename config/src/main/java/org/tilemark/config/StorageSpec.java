package org.tilemark.config;

import java.time.Duration;

/**
 * Storage characterization ({@code tilemark storage}): Iometer-style data points run by I/O VMs in
 * lockstep on one datastore.
 *
 * @param vms             I/O VMs, placed round robin over the hosts used
 * @param hosts           host slots to use; 0 = every host of the cluster
 * @param datastore       the datastore (name in {@code cluster.datastores}) the I/O VMs' disks live on
 * @param disksPerVm      data disks (preallocated files) per VM, one worker each
 * @param diskSize        size of each data disk, e.g. 1GB
 * @param outstandingIos  I/Os each worker keeps in flight
 * @param transferSizesKb comma-separated transfer sizes of the classic matrix, in KB
 * @param databaseLike    also run the 70 % read / 30 % write spec with 4 KB and 64 KB in equal parts
 * @param rampUp          per data point, run but not measured
 * @param runtime         per data point, measured
 * @param quick           what {@code --quick} shrinks ramp-up, runtime and disk size to
 */
public record StorageSpec(int vms, int hosts, String datastore, int disksPerVm, String diskSize, int outstandingIos,
        String transferSizesKb, boolean databaseLike, Duration rampUp, Duration runtime, Quick quick) {

    /** The {@code --quick} profile. */
    public record Quick(Duration rampUp, Duration runtime, String diskSize) {
    }
}
