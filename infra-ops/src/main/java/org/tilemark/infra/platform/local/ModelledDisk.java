package org.tilemark.infra.platform.local;

import java.io.IOException;

/**
 * The disk side of a Storage vMotion or XvMotion beyond the VM's real files. A local VM's directory
 * holds a few KiB to a few hundred MiB (a guest's code is on the class path), where a real VM of its
 * role has a disk of its configured size ({@code VmSize.diskGb}) to mirror. The rest of that size is
 * accounted, not copied, as vMotion's memory is: it takes the time its bytes need at the configured
 * storage migration bandwidth while the guest runs, so a move lasts about as long as the real one and
 * costs the cluster no CPU for bytes nobody reads.
 */
final class ModelledDisk {

    private final double bytesPerSecond;

    ModelledDisk(double storageMigrationMBps) {
        this.bytesPerSecond = storageMigrationMBps * (1 << 20);
    }

    /** Takes the time the configured disk's bytes beyond {@code copiedBytes} need; returns those bytes. */
    long copyRest(int diskGb, long copiedBytes) throws IOException {
        long rest = Math.max(0, ((long) diskGb << 30) - copiedBytes);
        return AccountedBytes.transfer(rest, bytesPerSecond);
    }
}
