package org.tilemark.infra.platform;

import java.util.Objects;

/** Where a VM runs: its host and the datastore holding its disks. */
public record Placement(String host, String datastore) {

    public Placement {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(datastore, "datastore");
    }

    public Placement onHost(String otherHost) {
        return new Placement(otherHost, datastore);
    }

    public Placement onDatastore(String otherDatastore) {
        return new Placement(host, otherDatastore);
    }

    @Override
    public String toString() {
        return host + "/" + datastore;
    }
}
