package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The memory side of a live migration, done as a hypervisor does it: the VM's whole memory is sent
 * to the target host over the migration network, then, round after round, what the guest dirtied
 * while the previous round was in flight; once a round is small enough the guest is stunned, the last
 * dirty pages go, and the guest resumes on the target. The bytes really cross a loopback socket at
 * the configured network bandwidth; the receiver counts them. How much a round dirties is modelled
 * from the configured dirty rate (a process's pages cannot be tracked from outside it).
 */
final class MemoryPrecopy {

    /** A round this small is sent with the guest stunned. */
    static final long STOP_AND_COPY_BYTES = 16L << 20;
    static final int MAX_ROUNDS = 8;
    private static final int CHUNK = 1 << 20;

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
     * Copies {@code memoryBytes} of memory in pre-copy rounds, then stuns, sends the last round, runs
     * {@code switchOver} and resumes. {@code stun}/{@code resume} pause and continue the guest.
     */
    Result migrate(long memoryBytes, SwitchOver stun, SwitchOver switchOver, SwitchOver resume) throws IOException {
        try (ServerSocket target = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket link = new Socket(InetAddress.getLoopbackAddress(), target.getLocalPort())) {
            CompletableFuture<Long> received = CompletableFuture.supplyAsync(() -> receive(target),
                    r -> Thread.ofPlatform().daemon().name("vmotion-receiver").start(r));
            OutputStream out = link.getOutputStream();
            byte[] pages = new byte[CHUNK];
            new SplittableRandom(memoryBytes).nextBytes(pages);
            long sent = 0;
            int rounds = 0;
            long round = memoryBytes;
            while (round > STOP_AND_COPY_BYTES && rounds < MAX_ROUNDS - 1) {
                long start = System.nanoTime();
                sent += send(out, pages, round);
                rounds++;
                double seconds = (System.nanoTime() - start) / 1e9;
                round = Math.min(memoryBytes, (long) (dirtyBytesPerSecond * seconds));
            }
            long stunStart = System.nanoTime();
            stun.run();
            try {
                sent += send(out, pages, round);
                rounds++;
                switchOver.run();
            } finally {
                resume.run();
            }
            Duration stunTime = Duration.ofNanos(System.nanoTime() - stunStart);
            link.shutdownOutput();
            long got = received.get(30, TimeUnit.SECONDS);
            if (got != sent) {
                throw new IOException("migration stream lost bytes: sent " + sent + ", target received " + got);
            }
            return new Result(sent, rounds, stunTime);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("migration receiver failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("migration interrupted", e);
        }
    }

    /** Sends {@code bytes} at the network's bandwidth; returns them. */
    private long send(OutputStream out, byte[] pages, long bytes) throws IOException {
        long start = System.nanoTime();
        long done = 0;
        while (done < bytes) {
            int n = (int) Math.min(pages.length, bytes - done);
            out.write(pages, 0, n);
            done += n;
            long due = start + (long) (done / networkBytesPerSecond * 1e9);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(wait);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("migration interrupted", e);
                }
            }
        }
        out.flush();
        return done;
    }

    private static long receive(ServerSocket target) {
        try (Socket in = target.accept(); InputStream stream = in.getInputStream()) {
            byte[] buffer = new byte[CHUNK];
            long total = 0;
            int n;
            while ((n = stream.read(buffer)) >= 0) {
                total += n;
            }
            return total;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
