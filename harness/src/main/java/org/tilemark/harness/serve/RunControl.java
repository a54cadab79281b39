package org.tilemark.harness.serve;

/** What {@code POST /api/run/stop} does: the clean stop of Ctrl-C (drivers stop, intervals kept, VMs torn down). */
@FunctionalInterface
public interface RunControl {

    /** Nothing to stop: {@code tilemark serve} without a run. */
    RunControl NONE = () -> false;

    /** Asks the run to stop; false when there is no run to stop. */
    boolean stop();
}
