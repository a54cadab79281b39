package org.tilemark.infra.platform;

import java.util.Collection;
import java.util.Map;

/**
 * A platform's measure of what its VMs use (CPU, memory, disk, network), read from the hypervisor, never from
 * inside the guest. The harness reads it at every interval boundary and writes the differences per VM.
 */
public interface VmResourceMeter {

    /** Where the figures come from, in the platform's words, e.g. {@code libvirt domain stats}. */
    String source();

    /** Each counter this platform does not measure (a {@link VmResources} component name) with why, in one line. */
    Map<String, String> notMeasured();

    /**
     * The cumulative counters of each of {@code vms} it can read now, by VM name; a VM it cannot read (not
     * running, gone) is absent. Counters never go back: a guest that restarted or moved carries on from its totals.
     */
    Map<String, VmResources> read(Collection<Vm> vms);
}
