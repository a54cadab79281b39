package org.tilemark.workloads.guest;

/**
 * The server side of a workload: what runs inside one VM of a tile. Found with ServiceLoader;
 * the one guest executable ({@link GuestMain}) picks the role its guest config names.
 */
public interface GuestRole {

    /** The VM role this guest serves, e.g. {@code dvdstore-db}. */
    String name();

    /**
     * Prepares the template disk for this role (e.g. creates a database and loads its data) in
     * {@link GuestContext#disk()}, then returns. The platform copies the resulting disk for every VM
     * it deploys from the template. Roles with nothing to prepare do nothing.
     */
    default void buildTemplate(GuestContext context) throws Exception {
    }

    /** Starts serving from the VM's disk on its bind address and returns once ready to accept requests. */
    RunningGuest start(GuestContext context) throws Exception;
}
