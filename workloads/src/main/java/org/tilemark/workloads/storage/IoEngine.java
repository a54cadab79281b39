package org.tilemark.workloads.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The Iometer-style I/O engine of an I/O guest: workers on preallocated data files, each keeping the
 * spec's outstanding I/Os in flight with positional reads and writes (O_DIRECT where possible), a
 * ramp-up that is not counted, then a measured runtime.
 */
public final class IoEngine {

    static final int PREALLOCATE_CHUNK = 1 << 20;

    private IoEngine() {
    }

    /**
     * Writes the whole file with pseudo-random data (a fresh stretch of one stream for every block, so
     * no block repeats and nothing compresses) and fsyncs it. A file that already has the size is
     * reused as it is.
     *
     * @param bytes a positive multiple of 4096
     * @return the bytes written: 0 when the file was reused
     * @throws DiskFullException when the device fills up; the partial file is deleted
     */
    public static long preallocate(Path file, long bytes, long seed) throws IOException {
        if (bytes <= 0 || bytes % 4096 != 0) {
            throw new IllegalArgumentException("bytes must be a positive multiple of 4096, was " + bytes);
        }
        if (Files.isRegularFile(file) && Files.size(file) == bytes) {
            return 0;
        }
        SplittableRandom random = new SplittableRandom(seed);
        ByteBuffer chunk = ByteBuffer.allocateDirect(PREALLOCATE_CHUNK);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long written = 0; written < bytes; ) {
                chunk.clear().limit((int) Math.min(PREALLOCATE_CHUNK, bytes - written));
                for (int i = 0; i < chunk.limit(); i += Long.BYTES) {
                    long value = random.nextLong();
                    chunk.putLong(i, value == 0 ? 1 : value); // never a zero word: no zero-page shortcuts
                }
                while (chunk.hasRemaining()) {
                    written += channel.write(chunk, written);
                }
            }
            channel.force(true);
        } catch (IOException e) {
            if (DiskFullException.isDiskFull(e)) {
                Files.deleteIfExists(file); // give the space back: a partial file is of no use
                throw new DiskFullException(file, e);
            }
            throw e;
        }
        return bytes;
    }

    /**
     * Creates a thin (sparse) data disk of {@code bytes}: blocks are allocated by the filesystem on
     * first write, as a thin-provisioned virtual disk's are, so a write test also measures allocation
     * and can run the datastore full.
     */
    public static void createThin(Path file, long bytes) throws IOException {
        if (bytes <= 0 || bytes % 4096 != 0) {
            throw new IllegalArgumentException("bytes must be a positive multiple of 4096, was " + bytes);
        }
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(bytes);
        }
    }

    /**
     * Runs the spec on every file with {@code workersPerFile} workers each, counts nothing during
     * {@code rampUp}, measures for {@code runtime}, then stops all I/O and returns.
     *
     * @throws DiskFullException when a write hits a full device: the run stops, every file is closed
     */
    public static IoResult run(List<Path> files, AccessSpec spec, int workersPerFile, Duration rampUp, Duration runtime,
                               long seed) throws IOException, InterruptedException {
        return run(files, spec, workersPerFile, rampUp, runtime, seed, IoObserver.NONE);
    }

    static IoResult run(List<Path> files, AccessSpec spec, int workersPerFile, Duration rampUp, Duration runtime,
                        long seed, IoObserver observer) throws IOException, InterruptedException {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("files must not be empty");
        }
        if (workersPerFile <= 0) {
            throw new IllegalArgumentException("workersPerFile must be positive, was " + workersPerFile);
        }
        if (rampUp.isNegative() || runtime.isNegative() || runtime.isZero()) {
            throw new IllegalArgumentException("rampUp must be >= 0 and runtime > 0, were " + rampUp + " and " + runtime);
        }
        List<IoFile> opened = new ArrayList<>();
        try {
            for (Path file : files) {
                opened.add(IoFile.open(file, spec));
            }
            return runOn(opened, spec, workersPerFile, rampUp, runtime, new SplittableRandom(seed), observer);
        } finally {
            closeAll(opened);
        }
    }

    private static IoResult runOn(List<IoFile> files, AccessSpec spec, int workersPerFile, Duration rampUp,
                                  Duration runtime, SplittableRandom random, IoObserver observer)
            throws InterruptedException, DiskFullException {
        List<IoWorker> workers = new ArrayList<>();
        for (IoFile file : files) {
            IoChooser chooser = new IoChooser(spec, file.size());
            for (int w = 0; w < workersPerFile; w++) {
                // Workers on one file start their sequential runs apart, not in lockstep on the same blocks.
                long start = file.size() / workersPerFile * w / AccessLine.SECTOR * AccessLine.SECTOR;
                workers.add(new IoWorker(file, chooser, start));
            }
        }
        long now = System.nanoTime();
        RunControl control = new RunControl(now + rampUp.toNanos(), now + rampUp.toNanos() + runtime.toNanos());
        List<IoSlot> slots = new ArrayList<>();
        for (IoWorker worker : workers) {
            for (int q = 0; q < spec.outstandingIos(); q++) {
                slots.add(new IoSlot(worker, control, observer, random.split(), spec.maxTransferBytes()));
            }
        }
        List<Thread> threads = new ArrayList<>(slots.size());
        try {
            for (IoSlot slot : slots) {
                // Platform threads: file I/O blocks its thread either way, and a virtual thread blocked in
                // pread pins its carrier and makes the scheduler compensate, which costs per I/O.
                threads.add(Thread.ofPlatform().daemon().name("io-slot").stackSize(256 * 1024).start(slot));
            }
            control.awaitEnd();
        } finally {
            control.stop();
            // Never interrupt: an interrupt closes a FileChannel under every other I/O. In-flight I/Os finish.
            for (Thread thread : threads) {
                thread.join();
            }
        }
        if (control.diskFull() != null) {
            throw control.diskFull();
        }
        return collect(slots, files, runtime);
    }

    private static IoResult collect(List<IoSlot> slots, List<IoFile> files, Duration runtime) {
        long reads = 0, writes = 0, bytesRead = 0, bytesWritten = 0, errors = 0;
        var latency = IoResult.newHistogram();
        for (IoSlot slot : slots) {
            reads += slot.reads;
            writes += slot.writes;
            bytesRead += slot.bytesRead;
            bytesWritten += slot.bytesWritten;
            errors += slot.errors;
            latency.add(slot.latencyNanos);
        }
        boolean direct = files.stream().allMatch(IoFile::direct);
        return new IoResult(reads, writes, bytesRead, bytesWritten, errors, runtime, direct, latency);
    }

    private static void closeAll(List<IoFile> files) throws IOException {
        IOException first = null;
        for (IoFile file : files) {
            try {
                file.close();
            } catch (IOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
