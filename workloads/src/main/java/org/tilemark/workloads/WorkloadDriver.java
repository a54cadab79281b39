package org.tilemark.workloads;

import java.util.Optional;
import org.tilemark.workloads.driver.IntervalSnapshot;

/** The load generator of one workload in one tile. */
public interface WorkloadDriver extends AutoCloseable {

    /**
     * Does the slow set-up (loading an engine, compiling scripts) before the run's origin is fixed,
     * so the first intended starts are not already behind. Most drivers have nothing to do.
     */
    default void prepare() {
    }

    /**
     * Starts issuing load: every user's intended start times are laid out from {@code start}'s origin, a load that
     * varies over time from its run's origin.
     */
    void start(DriverStart start);

    /** Everything measured since the previous snapshot (or the start). */
    IntervalSnapshot snapshot();

    /**
     * Called once measurement ended, before {@link #close()}, while the tile's VMs still run: stops the
     * users, then checks that what they saw committed is still there (DVD Store: every order a purchase
     * page confirmed is in the database, however the VMs moved meanwhile). Empty when the workload
     * keeps nothing to check; throws when the check itself could not be made.
     */
    default Optional<DataAudit> audit() throws Exception {
        return Optional.empty();
    }

    /** Stops the users and waits for requests in flight. */
    @Override
    void close();
}
