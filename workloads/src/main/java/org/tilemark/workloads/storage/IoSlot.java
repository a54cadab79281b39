package org.tilemark.workloads.storage;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * One outstanding I/O of a worker: a loop that issues the next I/O as soon as the previous one
 * completes, so that a worker with N slots keeps N I/Os in flight. Counts only what completes inside
 * the measurement window; its counters are read after the thread has been joined.
 */
final class IoSlot implements Runnable {

    private final IoWorker worker;
    private final RunControl control;
    private final IoObserver observer;
    private final SplittableRandom choices;
    private final SplittableRandom data;
    private final ByteBuffer buffer;
    long reads;
    long writes;
    long bytesRead;
    long bytesWritten;
    long errors;
    final Histogram latencyNanos = IoResult.newHistogram();

    IoSlot(IoWorker worker, RunControl control, IoObserver observer, SplittableRandom random, int bufferBytes) {
        this.worker = worker;
        this.control = control;
        this.observer = observer;
        this.choices = random.split();
        this.data = random.split();
        this.buffer = worker.file.newBuffer(bufferBytes);
        for (int i = 0; i + Long.BYTES <= buffer.capacity(); i += Long.BYTES) {
            buffer.putLong(i, data.nextLong());
        }
    }

    @Override
    public void run() {
        IoChooser chooser = worker.chooser;
        while (!control.stopping() && !worker.stopped()) {
            AccessLine line = chooser.line(choices);
            boolean read = IoChooser.read(line, choices);
            long offset = IoChooser.random(line, choices) ? chooser.randomOffset(line, choices) : worker.nextSequential(line);
            int length = line.transferBytes();
            buffer.clear().limit(length);
            if (!read) {
                freshen(length);
            }
            observer.issued(worker.file.path(), offset, length, read);
            long issued = System.nanoTime();
            try {
                transfer(worker.file.channel(), buffer, offset, read);
            } catch (IOException e) {
                if (DiskFullException.isDiskFull(e)) {
                    control.diskFull(new DiskFullException(worker.file.path(), e));
                    return;
                }
                errors++;
                worker.failed();
                continue;
            }
            long completed = System.nanoTime();
            worker.succeeded();
            if (control.measures(completed)) {
                latencyNanos.recordValue(completed - issued);
                if (read) {
                    reads++;
                    bytesRead += length;
                } else {
                    writes++;
                    bytesWritten += length;
                }
            }
        }
    }

    /**
     * New random bytes at the start of every sector written, so that no block is ever written twice
     * with the same content (dedup and compression must not flatter the result); the rest of the
     * buffer stays random from the start.
     */
    private void freshen(int length) {
        for (int at = 0; at < length; at += AccessLine.SECTOR) {
            buffer.putLong(at, data.nextLong());
        }
    }

    private static void transfer(FileChannel channel, ByteBuffer buffer, long offset, boolean read) throws IOException {
        while (buffer.hasRemaining()) {
            long position = offset + buffer.position();
            int n = read ? channel.read(buffer, position) : channel.write(buffer, position);
            if (n < 0) {
                throw new EOFException("end of file at offset " + position);
            }
        }
    }
}
