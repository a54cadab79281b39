package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class AbortableWaitTest {

    private final AbortableWait abort = new AbortableWait();

    @Test
    void aStopInterruptsTheWaitingStageWhichCountsAsStoppedNotFailed() throws Exception {
        CountDownLatch waiting = new CountDownLatch(1);
        Thread stopper = Thread.ofPlatform().start(() -> {
            try {
                waiting.await();
                abort.request();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        boolean done = abort.interruptibly(() -> {
            waiting.countDown();
            try {
                Thread.sleep(TimeUnit.MINUTES.toMillis(10)); // a guest that never reports ready
            } catch (InterruptedException e) {
                throw new IllegalStateException("provisioning was interrupted", e); // as a platform's wait says it
            }
        });
        stopper.join();
        assertThat(done).isFalse();
        assertThat(Thread.currentThread().isInterrupted()).as("the interrupt does not outlive the stage").isFalse();
        assertThat(abort.latch().getCount()).as("measuring sees the stop too").isZero();
    }

    @Test
    void aStageRunsToItsEndWithoutAStopAndItsFailureIsItsOwn() throws Exception {
        AtomicBoolean ran = new AtomicBoolean();
        assertThat(abort.interruptibly(() -> ran.set(true))).isTrue();
        assertThat(ran).isTrue();
        assertThatThrownBy(() -> abort.interruptibly(() -> {
            throw new IOException("clone failed");
        })).isInstanceOf(IOException.class).hasMessage("clone failed");
    }

    @Test
    void afterAStopNoStageStarts() throws Exception {
        abort.request();
        AtomicBoolean ran = new AtomicBoolean();
        assertThat(abort.interruptibly(() -> ran.set(true))).isFalse();
        assertThat(ran).isFalse();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
