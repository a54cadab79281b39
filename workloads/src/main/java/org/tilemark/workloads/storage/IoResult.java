package org.tilemark.workloads.storage;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What an I/O run measured. {@code latencyNanos} holds one value per completed I/O, measured from
 * the moment it was issued: with a fixed number of I/Os kept in flight (a closed loop) the issue time
 * is the intended start, so there is no coordinated omission to correct for.
 *
 * @param direct false when a filesystem refused O_DIRECT and the engine fell back to buffered I/O
 *               (the page cache may have served the test: mark the data point "buffered")
 */
public record IoResult(long reads, long writes, long bytesRead, long bytesWritten, long errors,
                       Duration measured, boolean direct, Histogram latencyNanos) {

    static final int SIGNIFICANT_DIGITS = 3;

    public IoResult {
        if (measured.isNegative() || measured.isZero()) {
            throw new IllegalArgumentException("measured must be positive, was " + measured);
        }
    }

    static Histogram newHistogram() {
        return new Histogram(SIGNIFICANT_DIGITS); // auto-resizing: no latency is ever out of range
    }

    public double iops() {
        return (reads + writes) / seconds();
    }

    /** Megabytes per second with MB = 1,000,000 bytes, as Iometer's MBps. */
    public double megabytesPerSecond() {
        return (bytesRead + bytesWritten) / 1_000_000.0 / seconds();
    }

    public double meanMs() {
        return latencyNanos.getTotalCount() == 0 ? 0 : latencyNanos.getMean() / 1e6;
    }

    /** @param percentile 0..100, e.g. 99.0 */
    public double percentileMs(double percentile) {
        return latencyNanos.getValueAtPercentile(percentile) / 1e6;
    }

    public double maxMs() {
        return latencyNanos.getMaxValue() / 1e6;
    }

    private double seconds() {
        return measured.toNanos() / 1e9;
    }

    /**
     * Sums the counts of many workers or VMs that ran in the same window and merges their histograms.
     * The window is the longest one; direct only when every part was direct.
     */
    public static IoResult merge(List<IoResult> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        Histogram latency = newHistogram();
        long reads = 0, writes = 0, bytesRead = 0, bytesWritten = 0, errors = 0;
        Duration measured = Duration.ZERO;
        boolean direct = true;
        for (IoResult p : parts) {
            reads += p.reads;
            writes += p.writes;
            bytesRead += p.bytesRead;
            bytesWritten += p.bytesWritten;
            errors += p.errors;
            measured = measured.compareTo(p.measured) >= 0 ? measured : p.measured;
            direct &= p.direct;
            latency.add(p.latencyNanos);
        }
        return new IoResult(reads, writes, bytesRead, bytesWritten, errors, measured, direct, latency);
    }

    /** The latency histogram for transport: base64 of HdrHistogram's compressed encoding. */
    public String encode() {
        ByteBuffer buffer = ByteBuffer.allocate(latencyNanos.getNeededByteBufferCapacity());
        int length = latencyNanos.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /** The counts with the histogram that {@link #encode()} produced on the other side. */
    public static IoResult decode(long reads, long writes, long bytesRead, long bytesWritten, long errors,
                                  Duration measured, boolean direct, String encodedLatency) {
        return new IoResult(reads, writes, bytesRead, bytesWritten, errors, measured, direct, decodeLatency(encodedLatency));
    }

    public static Histogram decodeLatency(String encoded) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an encoded latency histogram: " + e.getMessage(), e);
        }
    }

    /** One line: IOPS, MB/s, mean/p95/p99/max ms, direct. */
    public String summary() {
        return String.format(java.util.Locale.ROOT,
                "iops=%.1f mbps=%.2f mean_ms=%.3f p95_ms=%.3f p99_ms=%.3f max_ms=%.3f reads=%d writes=%d errors=%d direct=%b",
                iops(), megabytesPerSecond(), meanMs(), percentileMs(95), percentileMs(99), maxMs(),
                reads, writes, errors, direct);
    }
}
