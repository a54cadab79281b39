package org.tilemark.workloads.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class OpenLoopUserTest {

    private static final ThinkTime TWO_MS = random -> Duration.ofMillis(2);

    @Test
    void intendedStartsFollowThePlanAndASlowCycleShowsAsScheduleLag() throws Exception {
        IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
        List<Long> intendedStarts = new CopyOnWriteArrayList<>();
        // Slower than the 2 ms gaps, so the user falls further behind its plan with every cycle.
        OpenLoopUser.Cycle slowCycle = (intended, unit) -> {
            intendedStarts.add(intended);
            Thread.sleep(10);
        };
        long origin = System.nanoTime();
        OpenLoopUser user = new OpenLoopUser(0, origin, TWO_MS, LoadShape.constant(1), new SplittableRandom(1),
                recorder, slowCycle);

        Thread thread = Thread.ofPlatform().start(user);
        Thread.sleep(200);
        user.stop();
        thread.join(10_000);

        assertThat(thread.isAlive()).isFalse();
        assertThat(intendedStarts).hasSizeGreaterThan(2);
        assertThat(intendedStarts.getFirst()).isGreaterThanOrEqualTo(origin);
        assertThat(intendedStarts).isSorted();
        for (int i = 1; i < intendedStarts.size(); i++) {
            // The plan does not wait for the server: every gap is the think time, however slow the cycle.
            assertThat(intendedStarts.get(i) - intendedStarts.get(i - 1)).isEqualTo(Duration.ofMillis(2).toNanos());
        }
        IntervalSnapshot cut = recorder.cut();
        assertThat(cut.measure().attempts()).isEqualTo(intendedStarts.size());
        assertThat(cut.measure().scheduleLagNanos().getTotalCount()).isEqualTo(intendedStarts.size());
        assertThat(cut.measure().scheduleLagNanos().getMaxValue()).isGreaterThan(0);
    }

    @Test
    void aHungCycleShowsEveryStartItMissedAtTheCutAndEachOfTheirLagsIsRecordedOnce() throws Exception {
        IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
        CountDownLatch hung = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        List<Long> intendedStarts = new CopyOnWriteArrayList<>();
        OpenLoopUser[] user = new OpenLoopUser[1];
        OpenLoopUser.Cycle cycle = (intended, unit) -> {
            intendedStarts.add(intended);
            if (intendedStarts.size() == 1) {
                hung.countDown();
                released.await(); // the guest hangs, well past the next start 2 ms later
            } else {
                user[0].stop();
            }
        };
        user[0] = new OpenLoopUser(0, System.nanoTime(), TWO_MS, LoadShape.constant(1), new SplittableRandom(1), recorder, cycle);
        Thread thread = Thread.ofPlatform().start(user[0]);
        hung.await();
        Thread.sleep(50);

        IntervalSnapshot whileHung = recorder.cut();
        assertThat(whileHung.measure().attempts()).isEqualTo(1);
        // The first start's lag, and the lag so far of every start missed since: one each 2 ms of the 50 ms or more
        // waited (24 at least), the oldest at least 46 ms late (coordinated omission: not the second start's alone).
        assertThat(whileHung.measure().scheduleLagNanos().getTotalCount()).isGreaterThanOrEqualTo(1 + 24);
        assertThat(whileHung.measure().scheduleLagNanos().getMaxValue()).isGreaterThanOrEqualTo(Duration.ofMillis(46).toNanos());

        released.countDown();
        thread.join(10_000);
        assertThat(thread.isAlive()).isFalse();
        IntervalSnapshot after = recorder.cut();
        assertThat(intendedStarts).hasSize(2);
        assertThat(after.measure().attempts()).isEqualTo(1);
        assertThat(after.measure().scheduleLagNanos().getTotalCount()).as("the second start's lag is in the cut that saw it missed").isZero();
    }

    @Test
    void anInactiveUserNeverRunsItsCycle() throws Exception {
        IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
        List<Long> intendedStarts = new CopyOnWriteArrayList<>();
        OpenLoopUser user = new OpenLoopUser(3, System.nanoTime(), TWO_MS, LoadShape.constant(3), new SplittableRandom(1),
                recorder, (intended, unit) -> intendedStarts.add(intended));

        Thread thread = Thread.ofPlatform().start(user);
        Thread.sleep(50);
        user.stop();
        thread.join(10_000);

        assertThat(thread.isAlive()).isFalse();
        assertThat(intendedStarts).isEmpty();
        assertThat(recorder.cut().measure().attempts()).isZero();
    }

    @Test
    void anInterruptEndsTheUser() throws Exception {
        OpenLoopUser user = new OpenLoopUser(0, System.nanoTime(), random -> Duration.ofHours(1), LoadShape.constant(1),
                new SplittableRandom(1), new IntervalRecorder(Clock.systemUTC()), (intended, unit) -> { });

        Thread thread = Thread.ofPlatform().start(user);
        thread.interrupt();
        thread.join(10_000);

        assertThat(thread.isAlive()).isFalse();
    }
}
