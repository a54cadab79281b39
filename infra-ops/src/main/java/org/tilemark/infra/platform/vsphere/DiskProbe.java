package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import org.tilemark.infra.platform.PlatformException;

/** The storage check a datastore gets before a run: an eager-zeroed disk of the asked size created and deleted, timed. */
final class DiskProbe {

    private DiskProbe() {
    }

    static Duration createAndDelete(Vim vim, Mor datacenter, String datastore, String name, long bytes) throws PlatformException {
        String path = "[" + datastore + "] " + name + ".vmdk";
        Element spec = Element.of("spec", Element.text("diskType", "eagerZeroedThick"), Element.text("adapterType", "lsiLogic"),
                Element.text("capacityKb", Long.toString(Math.max(1, bytes / 1024)))).typed("FileBackedVirtualDiskSpec");
        long start = System.nanoTime();
        try {
            vim.runTask(Vim.TASK_TIMEOUT, "CreateVirtualDisk_Task", vim.virtualDiskManager(), Element.text("name", path),
                    Element.ref("datacenter", datacenter), spec);
            vim.runTask(Vim.TASK_TIMEOUT, "DeleteVirtualDisk_Task", vim.virtualDiskManager(), Element.text("name", path),
                    Element.ref("datacenter", datacenter));
            return Duration.ofNanos(System.nanoTime() - start);
        } catch (VimFault | IOException e) {
            throw new PlatformException("creating and deleting disk " + path + ": " + e.getMessage(), e);
        }
    }
}
