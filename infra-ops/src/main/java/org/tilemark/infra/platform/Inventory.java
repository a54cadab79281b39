package org.tilemark.infra.platform;

import java.util.List;

/**
 * The cluster as the platform sees it: the hosts and datastores a run uses and, where the platform chooses
 * among hosts, those it left out and why, and the policies of the clusters it uses that move or restart VMs on
 * their own (a run's result depends on them, so run.json discloses them).
 */
public record Inventory(List<Host> hosts, List<Datastore> datastores, List<HostNotUsed> hostsNotUsed, List<Cluster> clusters) {

    public Inventory {
        hosts = List.copyOf(hosts);
        datastores = List.copyOf(datastores);
        hostsNotUsed = List.copyOf(hostsNotUsed);
        clusters = List.copyOf(clusters);
    }

    /** A platform that uses every host it has and whose clusters move nothing on their own. */
    public Inventory(List<Host> hosts, List<Datastore> datastores) {
        this(hosts, datastores, List.of(), List.of());
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

    /** Why a host of the platform's site is not used. */
    public enum NotUsedBecause {
        MAINTENANCE_MODE("maintenance-mode"),
        NOT_CONNECTED("not-connected"),
        OTHER_CLUSTER("other-cluster"),
        NO_RESOURCE_POOL("no-resource-pool");

        private final String word;

        NotUsedBecause(String word) {
            this.word = word;
        }

        /** The word run.json writes. */
        public String word() {
            return word;
        }
    }

    /**
     * A host the run does not use.
     *
     * @param detail the platform's own words, e.g. {@code in maintenance mode}, {@code connection state notResponding}
     */
    public record HostNotUsed(String name, NotUsedBecause reason, String detail) {

        /** The line a user is shown: {@code host 'esx-3' not used: in maintenance mode}. */
        public String line() {
            return "host '" + name + "' not used: " + detail;
        }
    }

    /**
     * A cluster whose hosts the run uses, with what moves or restarts VMs on its own as the platform reports it.
     *
     * @param drs {@code off}, or the automation level of its load balancing as the platform names it (vSphere DRS:
     *            {@code manual}, {@code partiallyAutomated}, {@code fullyAutomated})
     * @param ha  whether it restarts the VMs of a failed host elsewhere (vSphere HA)
     */
    public record Cluster(String name, String drs, boolean ha) {

        public static final String DRS_OFF = "off";

        /** The line a user is shown: {@code cluster 'bench': DRS fullyAutomated, HA off}. */
        public String line() {
            return "cluster '" + name + "': DRS " + drs + ", HA " + (ha ? "on" : "off");
        }
    }
}
