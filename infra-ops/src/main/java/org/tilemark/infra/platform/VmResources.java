package org.tilemark.infra.platform;

/**
 * What one VM has used, as its platform measures it: cumulative counters (CPU time, disk operations and bytes,
 * network bytes) since the platform's meter first saw the VM, carried across the guest restarting or moving, and
 * one gauge (memory in use now). A field is null where the platform does not measure it; its meter's
 * {@link VmResourceMeter#notMeasured()} says why.
 *
 * @param cpuNanos         CPU time the VM used (all its vCPUs, and the hypervisor's work on its behalf where counted together)
 * @param memoryBytes      memory the VM holds now
 * @param diskReadOps      read requests that reached its disks
 * @param diskReadBytes    bytes read from its disks
 * @param diskWriteOps     write requests to its disks
 * @param diskWriteBytes   bytes written to its disks
 * @param netReceivedBytes bytes it received on its network interfaces
 * @param netSentBytes     bytes it sent on its network interfaces
 */
public record VmResources(Long cpuNanos, Long memoryBytes, Long diskReadOps, Long diskReadBytes, Long diskWriteOps,
                          Long diskWriteBytes, Long netReceivedBytes, Long netSentBytes) {

    /** Nothing measured. */
    public static final VmResources NONE = new VmResources(null, null, null, null, null, null, null, null);

    /** The sum of two parts of one VM (e.g. two processes, or two disks); a counter measured by neither stays null. */
    public VmResources plus(VmResources other) {
        return new VmResources(add(cpuNanos, other.cpuNanos), add(memoryBytes, other.memoryBytes), add(diskReadOps, other.diskReadOps),
                add(diskReadBytes, other.diskReadBytes), add(diskWriteOps, other.diskWriteOps), add(diskWriteBytes, other.diskWriteBytes),
                add(netReceivedBytes, other.netReceivedBytes), add(netSentBytes, other.netSentBytes));
    }

    /** These counters without the memory gauge: what a part that ended leaves to the VM's totals. */
    public VmResources countersOnly() {
        return new VmResources(cpuNanos, null, diskReadOps, diskReadBytes, diskWriteOps, diskWriteBytes, netReceivedBytes, netSentBytes);
    }

    private static Long add(Long a, Long b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : a + b;
    }
}
