package org.tilemark.workloads.storage;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One Iometer worker on one file: the I/Os it keeps in flight share its sequential cursor and its
 * error streak. A single failed I/O is counted and the worker goes on; a repeated one (two in a row
 * with no success between) stops this worker only.
 */
final class IoWorker {

    static final int ERRORS_IN_A_ROW_TO_STOP = 2;

    final IoFile file;
    final IoChooser chooser;
    private long next;
    private final AtomicInteger errorsInARow = new AtomicInteger();
    private volatile boolean stopped;

    /** @param startOffset where sequential access begins (workers on one file start apart) */
    IoWorker(IoFile file, IoChooser chooser, long startOffset) {
        this.file = file;
        this.chooser = chooser;
        this.next = startOffset;
    }

    /** The next sequential offset: right after the previous transfer, aligned, wrapping at the end. */
    synchronized long nextSequential(AccessLine line) {
        long align = line.alignmentBytes();
        long offset = (next + align - 1) / align * align;
        if (offset + line.transferBytes() > chooser.fileBytes()) {
            offset = 0;
        }
        next = offset + line.transferBytes();
        return offset;
    }

    void succeeded() {
        if (errorsInARow.get() != 0) { // read first: no shared-line write on every I/O
            errorsInARow.set(0);
        }
    }

    void failed() {
        if (errorsInARow.incrementAndGet() >= ERRORS_IN_A_ROW_TO_STOP) {
            stopped = true;
        }
    }

    boolean stopped() {
        return stopped;
    }
}
