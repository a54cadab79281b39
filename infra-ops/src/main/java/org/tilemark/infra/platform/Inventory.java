package org.tilemark.infra.platform;

import java.util.List;

/** The cluster as the platform sees it. */
public record Inventory(List<Host> hosts, List<Datastore> datastores) {

    public Inventory {
        hosts = List.copyOf(hosts);
        datastores = List.copyOf(datastores);
    }

    /**
     * @param name    the host as the platform names it (and as placements name it)
     * @param cores   its physical cores, as the platform reports them
     * @param threads its hardware threads (logical CPUs): the capacity busy CPU time is counted over, e.g.
     *                for a utilization percentage; equal to {@code cores} without simultaneous multithreading
     */
    public record Host(String name, int cores, int threads) {

        /** A host whose platform counts CPUs only: each one a core of one thread. */
        public Host(String name, int cpus) {
            this(name, cpus, cpus);
        }
    }

    /** @param location where the platform keeps it, in its own terms (a directory, a pool, a datastore URL) */
    public record Datastore(String name, String location) {
    }
}
