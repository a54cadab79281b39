package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.time.Duration;

/**
 * The memory side of a live migration, paced as a hypervisor's is: the VM's whole memory goes to the
 * target host over the migration network, then, round after round, what the guest dirtied while the
 * previous round was in flight; once a round is small enough the guest is stunned, the last dirty pages
 * go, and the guest resumes on the target. The bytes are accounted, not copied: each round takes the
 * time its bytes need at the configured network bandwidth, and nothing crosses a socket, so a
 * migration costs the cluster no CPU beyond the real stun and move (a filler stream through a socket
 * was most of what the infrastructure operations cost the cluster's CPU). How much a round dirties is modelled from the configured dirty rate (a
 * process's pages cannot be tracked from outside it).
 */
final class MemoryPrecopy {

    /** A round this small is sent with the guest stunned. */
    static final long STOP_AND_COPY_BYTES = 16L << 20;
    static final int MAX_ROUNDS = 8;

    private final double dirtyBytesPerSecond;
    private final double networkBytesPerSecond;

    MemoryPrecopy(double dirtyMBps, double networkGbps) {
        this.dirtyBytesPerSecond = dirtyMBps * (1 << 20);
        this.networkBytesPerSecond = networkGbps * 1e9 / 8;
    }

    /** What a finished transfer did. */
    record Result(long bytesMoved, int rounds, Duration stun) {
    }

    /** Something done while the guest is stunned (its switch to the target host). */
    interface SwitchOver {
        void run() throws IOException;
    }

    /**
     * Transfers {@code memoryBytes} of memory in pre-copy rounds, then stuns, sends the last round, runs
     * {@code switchOver} and resumes. {@code stun}/{@code resume} pause and continue the guest.
     */
    Result migrate(long memoryBytes, SwitchOver stun, SwitchOver switchOver, SwitchOver resume) throws IOException {
        long sent = 0;
        int rounds = 0;
        long round = memoryBytes;
        while (round > STOP_AND_COPY_BYTES && rounds < MAX_ROUNDS - 1) {
            long start = System.nanoTime();
            sent += send(round);
            rounds++;
            double seconds = (System.nanoTime() - start) / 1e9;
            round = Math.min(memoryBytes, (long) (dirtyBytesPerSecond * seconds));
        }
        long stunStart = System.nanoTime();
        stun.run();
        try {
            sent += send(round);
            rounds++;
            switchOver.run();
        } finally {
            resume.run();
        }
        return new Result(sent, rounds, Duration.ofNanos(System.nanoTime() - stunStart));
    }

    /** Takes the time {@code bytes} need at the network's bandwidth; returns them. */
    private long send(long bytes) throws IOException {
        return AccountedBytes.transfer(bytes, networkBytesPerSecond);
    }
}
