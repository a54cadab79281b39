package org.tilemark.harness.run;

import java.util.concurrent.CountDownLatch;

/**
 * A stop (Ctrl-C, the web app's stop) for a run. Measuring checks it between intervals; a stage that waits on guests
 * (provisioning waits up to {@code run.provisionTimeout} for each to report ready, minutes under emulation) is
 * interrupted by it instead, so the run tears its VMs down before the abort's grace time runs out.
 */
final class AbortableWait {

    /** What a stage does while a stop may interrupt it. */
    interface Stage {
        void run() throws Exception;
    }

    private final CountDownLatch requested = new CountDownLatch(1);
    private Thread waiting; // guarded by this

    void request() {
        requested.countDown();
        synchronized (this) {
            if (waiting != null) {
                waiting.interrupt();
            }
        }
    }

    boolean requested() {
        return requested.getCount() == 0;
    }

    /** The latch measuring watches. */
    CountDownLatch latch() {
        return requested;
    }

    /**
     * Runs {@code stage} on this thread, which a stop interrupts. Returns false, with the stage's failure dropped, if a
     * stop came before or during it: the stage was stopped, not failed. The interrupt never outlives the stage.
     */
    boolean interruptibly(Stage stage) throws Exception {
        synchronized (this) {
            if (requested()) {
                return false;
            }
            waiting = Thread.currentThread();
        }
        try {
            stage.run();
            return true;
        } catch (Exception e) {
            if (requested()) {
                return false;
            }
            throw e;
        } finally {
            synchronized (this) {
                waiting = null;
                Thread.interrupted();
            }
        }
    }
}
