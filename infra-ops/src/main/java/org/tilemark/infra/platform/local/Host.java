package org.tilemark.infra.platform.local;

import java.util.Set;
import java.util.TreeSet;
import org.tilemark.infra.platform.Inventory;

/**
 * A local host: a slot of this machine's CPUs.
 *
 * @param cpus the slot's CPUs as a Linux CPU list, e.g. {@code 0-1,3} (what {@code taskset -c} takes)
 */
record Host(String name, String cpus) {

    Set<Integer> cpuSet() {
        Set<Integer> result = new TreeSet<>();
        for (String part : cpus.split(",")) {
            String[] range = part.strip().split("-");
            int first = Integer.parseInt(range[0]);
            int last = range.length > 1 ? Integer.parseInt(range[1]) : first;
            for (int c = first; c <= last; c++) {
                result.add(c);
            }
        }
        return result;
    }

    /** The host as every platform describes it. */
    Inventory.Host neutral() {
        return new Inventory.Host(name, cpuSet().size());
    }
}
