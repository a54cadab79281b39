package org.tilemark.infra.platform;

import java.util.List;

/** The cluster as the platform sees it. */
public record Inventory(List<Host> hosts, List<Datastore> datastores) {

    public Inventory {
        hosts = List.copyOf(hosts);
        datastores = List.copyOf(datastores);
    }

    /**
     * @param name  the host as the platform names it (and as placements name it)
     * @param cores its capacity in cores, e.g. for a utilization percentage
     */
    public record Host(String name, int cores) {
    }

    /** @param location where the platform keeps it, in its own terms (a directory, a pool, a datastore URL) */
    public record Datastore(String name, String location) {
    }
}
