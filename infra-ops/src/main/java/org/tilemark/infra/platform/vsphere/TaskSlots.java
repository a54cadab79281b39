package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The tasks a session has running in vCenter at once: at most {@code cluster.vsphere.maxTasksInFlight}, from the
 * call that starts one until it is followed to its end. A task past the limit waits here for one to end, as vCenter
 * queues operations past its own limits; the harness may ask for a whole wave of power-ons at once.
 */
final class TaskSlots {

    /** A task started and followed to its end. */
    @FunctionalInterface
    interface TaskRun<T> {
        T run() throws VimFault, IOException;
    }

    private final int limit;
    private final Semaphore slots;
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger most = new AtomicInteger();

    TaskSlots(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("at least one task in flight, got " + limit);
        }
        this.limit = limit;
        this.slots = new Semaphore(limit, true); // first come, first served: no power-on starves behind later ones
    }

    <T> T run(String method, TaskRun<T> task) throws VimFault, IOException {
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting to start " + method, e);
        }
        most.accumulateAndGet(running.incrementAndGet(), Math::max);
        try {
            return task.run();
        } finally {
            running.decrementAndGet();
            slots.release();
        }
    }

    int limit() {
        return limit;
    }

    /** The most tasks this session had running at once so far. */
    int mostAtOnce() {
        return most.get();
    }
}
