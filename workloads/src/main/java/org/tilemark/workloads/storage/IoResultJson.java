package org.tilemark.workloads.storage;

/** The wire form of an {@link IoResult}: counts plus the latency histogram, HdrHistogram-encoded. */
public record IoResultJson(long reads, long writes, long bytesRead, long bytesWritten, long errors, long measuredMs,
                           boolean direct, String histogram) {

    /** The result again, histogram included. */
    public IoResult toResult() {
        return IoResult.decode(reads, writes, bytesRead, bytesWritten, errors, java.time.Duration.ofMillis(measuredMs), direct,
                histogram);
    }

    static IoResultJson of(IoResult r) {
        return new IoResultJson(r.reads(), r.writes(), r.bytesRead(), r.bytesWritten(), r.errors(), r.measured().toMillis(),
                r.direct(), r.encode());
    }
}
