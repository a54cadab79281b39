package org.tilemark.infra.platform;

import java.util.List;

/** The cluster as the platform sees it. */
public record Inventory(List<Host> hosts, List<Datastore> datastores) {

    public Inventory {
        hosts = List.copyOf(hosts);
        datastores = List.copyOf(datastores);
    }

    public record Host(String name, String cpus) {
    }

    public record Datastore(String name, String location) {
    }
}
