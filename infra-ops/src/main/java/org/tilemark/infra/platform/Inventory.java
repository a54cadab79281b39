package org.tilemark.infra.platform;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The cluster as the platform sees it. */
public record Inventory(List<Host> hosts, List<Datastore> datastores) {

    public Inventory {
        hosts = List.copyOf(hosts);
        datastores = List.copyOf(datastores);
    }

    /** @param cpus the host's CPUs as a Linux CPU list, e.g. {@code 0-1,3} */
    public record Host(String name, String cpus) {

        public Set<Integer> cpuSet() {
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

        /** The host's capacity in cores, e.g. for a utilization percentage. */
        public int cores() {
            return cpuSet().size();
        }
    }

    public record Datastore(String name, String location) {
    }
}
