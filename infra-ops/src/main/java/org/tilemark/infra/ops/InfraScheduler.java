package org.tilemark.infra.ops;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs every block's loops: each loop does one operation, records it, pauses, and goes again until
 * stopped. Stopping lets operations in flight finish (a VM is never left half-moved) and starts no
 * new ones.
 */
public final class InfraScheduler implements AutoCloseable {

    /** One loop: the operation and the block it belongs to. */
    public record Loop(int block, InfraOperation operation) {
    }

    private static final Duration IDLE_RETRY = Duration.ofSeconds(1);

    private final List<Loop> loops;
    private final Duration pause;
    private final Consumer<OperationRecord> sink;
    private final CountDownLatch stop = new CountDownLatch(1);
    private final List<Thread> threads = new ArrayList<>();

    public InfraScheduler(List<Loop> loops, Duration pause, Consumer<OperationRecord> sink) {
        this.loops = List.copyOf(loops);
        this.pause = pause;
        this.sink = sink;
    }

    public List<Loop> loops() {
        return loops;
    }

    public synchronized void start() {
        if (!threads.isEmpty()) {
            throw new IllegalStateException("already started");
        }
        for (Loop loop : loops) {
            threads.add(Thread.ofPlatform().daemon().name("infra-b" + loop.block() + "-" + loop.operation().name())
                    .start(() -> run(loop)));
        }
    }

    private void run(Loop loop) {
        try {
            while (stop.getCount() > 0) {
                Optional<OperationRecord> done = loop.operation().runOnce(loop.block());
                done.ifPresent(sink);
                if (stop.await((done.isPresent() ? pause : IDLE_RETRY).toMillis(), TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            sink.accept(new OperationRecord(loop.operation().name(), loop.block(), "-", "-", 0, null, null, Instant.now(),
                    Instant.now(), 0, Optional.empty(), Optional.empty(), Optional.empty(), java.util.OptionalLong.empty(), Optional.of("loop stopped: " + Migrations.oneLine(e))));
        }
    }

    /** Starts no new operation and waits up to {@code grace} for those in flight; true if all finished. */
    public boolean stop(Duration grace) throws InterruptedException {
        stop.countDown();
        long deadline = System.nanoTime() + grace.toNanos();
        for (Thread t : threads) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !t.join(Duration.ofNanos(left))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        stop.countDown();
    }
}
