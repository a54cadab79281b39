package org.tilemark.workloads.storage;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** The measurement window (System.nanoTime) and the stop signal every in-flight I/O loop checks. */
final class RunControl {

    final long measureStart;
    final long measureEnd;
    private volatile boolean stopping;
    private final AtomicReference<DiskFullException> diskFull = new AtomicReference<>();
    private final CountDownLatch stopped = new CountDownLatch(1);

    RunControl(long measureStart, long measureEnd) {
        this.measureStart = measureStart;
        this.measureEnd = measureEnd;
    }

    boolean measures(long completedAt) {
        return completedAt >= measureStart && completedAt < measureEnd;
    }

    boolean stopping() {
        return stopping;
    }

    void stop() {
        stopping = true;
        stopped.countDown();
    }

    void diskFull(DiskFullException e) {
        diskFull.compareAndSet(null, e);
        stop();
    }

    DiskFullException diskFull() {
        return diskFull.get();
    }

    /** Sleeps until the window ends or a disk-full stop, whichever comes first. */
    void awaitEnd() throws InterruptedException {
        long remaining = measureEnd - System.nanoTime();
        if (remaining > 0) {
            stopped.await(remaining, TimeUnit.NANOSECONDS);
        }
    }
}
