package org.tilemark.infra.platform;

import java.util.HashMap;
import java.util.Map;

/**
 * Keeps a VM's counters cumulative when what the hypervisor counts for it restarts: a guest process that was
 * restarted, a domain that moved to another host (whose counters start at zero there). Each VM's figures come in
 * parts named by what counts them (a process and its start time, a host and domain id); a part seen before and now
 * gone leaves its last counters to the VM's total. Counts made between a part's last reading and its end are lost.
 */
public final class CarriedCounters {

    private final Map<String, VmResources> ended = new HashMap<>();
    private final Map<String, Map<String, VmResources>> lastParts = new HashMap<>();

    /** The VM's cumulative counters, given the parts that count it now (their own counters since each began). */
    public synchronized VmResources total(String vm, Map<String, VmResources> parts) {
        Map<String, VmResources> before = lastParts.getOrDefault(vm, Map.of());
        VmResources carried = ended.getOrDefault(vm, VmResources.NONE);
        for (Map.Entry<String, VmResources> part : before.entrySet()) {
            if (!parts.containsKey(part.getKey())) {
                carried = carried.plus(part.getValue().countersOnly());
            }
        }
        ended.put(vm, carried);
        lastParts.put(vm, Map.copyOf(parts));
        VmResources total = carried;
        for (VmResources part : parts.values()) {
            total = total.plus(part);
        }
        return total;
    }
}
