package org.tilemark.harness.storage;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;

/**
 * Creates and deletes a small virtual disk on a datastore every {@code every} (back to back when 0)
 * until stopped, counting the pairs and their time; the first failure stops it and is kept.
 */
final class MetadataLoop implements AutoCloseable {

    private final AtomicLong done = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final Thread thread;
    private final java.util.concurrent.CountDownLatch stop = new java.util.concurrent.CountDownLatch(1);

    MetadataLoop(Platform platform, String datastore, long bytes, Duration every) {
        thread = Thread.ofPlatform().daemon().name("metadata-loop").start(() -> {
            long n = 0;
            while (stop.getCount() > 0) {
                long start = System.nanoTime();
                try {
                    Duration took = platform.createAndDeleteDisk(datastore, "tilemark-meta-" + (n++), bytes);
                    nanos.addAndGet(took.toNanos());
                    done.incrementAndGet();
                } catch (PlatformException e) {
                    failure.compareAndSet(null, e.getMessage());
                    return;
                }
                long wait = every.toNanos() - (System.nanoTime() - start);
                try {
                    if (wait > 0 && stop.await(wait, java.util.concurrent.TimeUnit.NANOSECONDS)) {
                        return;
                    }
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    /** Pairs done so far and their total time, for per-interval differences. */
    record Count(long pairs, long nanos) {
        Count minus(Count earlier) {
            return new Count(pairs - earlier.pairs, nanos - earlier.nanos);
        }

        double meanMs() {
            return pairs == 0 ? 0 : nanos / 1e6 / pairs;
        }
    }

    Count count() {
        return new Count(done.get(), nanos.get());
    }

    java.util.Optional<String> failure() {
        return java.util.Optional.ofNullable(failure.get());
    }

    @Override
    public void close() throws InterruptedException {
        // No interrupt: a pair in progress finishes (an interrupted file channel would leave a half disk).
        stop.countDown();
        thread.join(Duration.ofSeconds(60));
    }

    static Count none() {
        return new Count(0, 0);
    }
}
