package org.tilemark.infra.platform.local;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits this machine's CPUs into logical hosts: with C CPUs and H hosts, host i gets a contiguous
 * share; with more hosts than CPUs, hosts share CPUs round robin.
 */
final class HostSlots {

    private HostSlots() {
    }

    static List<Host> split(int hosts, int cpus) {
        List<Host> result = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            String set;
            if (cpus >= hosts) {
                int first = i * cpus / hosts;
                int last = (i + 1) * cpus / hosts - 1;
                set = first == last ? Integer.toString(first) : first + "-" + last;
            } else {
                set = Integer.toString(i % cpus);
            }
            result.add(new Host("host-" + i, set));
        }
        return result;
    }
}
