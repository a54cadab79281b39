package org.tilemark.workloads.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.AbstractHistogram;
import org.junit.jupiter.api.Test;

class IntervalRecorderTest {

    /** Starts an hour apart: a unit's owner with no further start due while a test runs. */
    private static final long HOUR_NANOS = Duration.ofHours(1).toNanos();

    private static final int THREADS = 4;
    private static final int PER_THREAD = 50_000;

    @Test
    void everySampleLandsInExactlyOneIntervalWhileCuttingConcurrently() throws Exception {
        SteppingClock clock = new SteppingClock();
        IntervalRecorder recorder = new IntervalRecorder(clock);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            String vm = "web" + t;
            writers.add(Thread.ofPlatform().start(() -> {
                awaitQuietly(go);
                for (int i = 0; i < PER_THREAD; i++) {
                    recorder.attempt();
                    if (i % 10 == 0) {
                        recorder.failedUnit("purchase", vm);
                    } else {
                        recorder.success("login", 1_000 + i);
                        recorder.completed("purchase", 2_000 + i);
                    }
                    if (i % 100 == 0) {
                        recorder.rolledBack();
                    }
                    recorder.lag(i);
                }
            }));
        }
        List<IntervalSnapshot> cuts = new ArrayList<>();
        go.countDown();
        while (writers.stream().anyMatch(Thread::isAlive)) {
            cuts.add(recorder.cut());
        }
        for (Thread w : writers) {
            w.join();
        }
        cuts.add(recorder.cut());

        long n = (long) THREADS * PER_THREAD;
        long failuresPerThread = PER_THREAD / 10;
        assertThat(cuts.size()).isGreaterThan(1);
        assertThat(sum(cuts, s -> s.measure().attempts())).isEqualTo(n);
        assertThat(sum(cuts, s -> s.measure().completed())).isEqualTo(n - THREADS * failuresPerThread);
        assertThat(sum(cuts, s -> s.measure().errors())).isEqualTo(THREADS * failuresPerThread);
        assertThat(sum(cuts, s -> s.measure().rollbacks())).isEqualTo(THREADS * (PER_THREAD / 100));
        assertThat(sum(cuts, s -> count(s, "login"))).isEqualTo(n - THREADS * failuresPerThread);
        assertThat(sum(cuts, s -> count(s, "purchase"))).isEqualTo(n - THREADS * failuresPerThread);
        assertThat(sum(cuts, s -> s.measure().scheduleLagNanos().getTotalCount())).isEqualTo(n);
        assertThat(sum(cuts, s -> s.measure().errorsByOperation().getOrDefault("purchase", 0L))).isEqualTo(THREADS * failuresPerThread);
        assertThat(sum(cuts, s -> s.measure().errorsByOperation().getOrDefault("login", 0L))).isZero();
        for (int t = 0; t < THREADS; t++) {
            String vm = "web" + t;
            assertThat(sum(cuts, s -> s.measure().errorsByVm().getOrDefault(vm, 0L))).as(vm).isEqualTo(failuresPerThread);
        }
        // Every interval's counts are its histograms' and its per-operation errors', which verify checks.
        for (IntervalSnapshot cut : cuts) {
            assertThat(cut.measure().completed()).isEqualTo(count(cut, "purchase"));
            assertThat(cut.measure().errors()).isEqualTo(cut.measure().errorsByOperation().getOrDefault("purchase", 0L));
        }
        // Intervals tile the timeline: each starts where the previous ended.
        for (int i = 1; i < cuts.size(); i++) {
            assertThat(cuts.get(i).start()).isEqualTo(cuts.get(i - 1).end());
            assertThat(cuts.get(i).duration()).isPositive();
        }
    }

    @Test
    void countersResetAtEveryCut() {
        SteppingClock clock = new SteppingClock();
        Instant created = clock.now();
        IntervalRecorder recorder = new IntervalRecorder(clock);
        recorder.attempt();
        recorder.attempt();
        recorder.completed("browse", Duration.ofMillis(5).toNanos());
        recorder.failedUnit("login", "tile1-web2");
        recorder.rolledBack();
        recorder.lag(Duration.ofMillis(3).toNanos());

        IntervalSnapshot first = recorder.cut();
        IntervalSnapshot second = recorder.cut();

        assertThat(first.start()).isEqualTo(created);
        assertThat(first.measure().attempts()).isEqualTo(2);
        assertThat(first.measure().completed()).isEqualTo(1);
        assertThat(first.measure().errors()).isEqualTo(1);
        assertThat(first.measure().rollbacks()).isEqualTo(1);
        assertThat(first.measure().errorsByOperation()).isEqualTo(Map.of("login", 1L));
        assertThat(first.measure().errorsByVm()).isEqualTo(Map.of("tile1-web2", 1L));
        assertThat(first.measure().latencyNanos().get("browse").getTotalCount()).isEqualTo(1);
        assertThat(first.measure().scheduleLagNanos().getTotalCount()).isEqualTo(1);

        assertThat(second.start()).isEqualTo(first.end());
        assertThat(second.measure().attempts()).isZero();
        assertThat(second.measure().completed()).isZero();
        assertThat(second.measure().errors()).isZero();
        assertThat(second.measure().rollbacks()).isZero();
        assertThat(second.measure().errorsByOperation()).isEmpty();
        assertThat(second.measure().errorsByVm()).isEmpty();
        assertThat(second.measure().latencyNanos().get("browse").getTotalCount()).isZero();
        assertThat(second.measure().scheduleLagNanos().getTotalCount()).isZero();
    }

    @Test
    void latenciesAreClampedToTheTrackableRange() {
        IntervalRecorder recorder = new IntervalRecorder(new SteppingClock());
        recorder.success("purchase", -5);
        recorder.success("purchase", Duration.ofHours(3).toNanos());
        recorder.lag(-1);

        IntervalSnapshot cut = recorder.cut();

        assertThat(cut.measure().latencyNanos().get("purchase").getTotalCount()).isEqualTo(2);
        assertThat(cut.measure().latencyNanos().get("purchase").getMinValue()).isZero();
        assertThat(cut.measure().latencyNanos().get("purchase").getMaxValue())
                .isGreaterThanOrEqualTo((long) (IntervalRecorder.HIGHEST_NANOS * 0.999));
        assertThat(cut.measure().scheduleLagNanos().getMaxValue()).isZero();
    }

    private interface LongOf {
        long of(IntervalSnapshot s);
    }

    private static long sum(List<IntervalSnapshot> cuts, LongOf value) {
        return cuts.stream().mapToLong(value::of).sum();
    }

    private static long count(IntervalSnapshot s, String operation) {
        var h = s.measure().latencyNanos().get(operation);
        return h == null ? 0 : h.getTotalCount();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aUnitInFlightPastItsTimeoutFailsInTheIntervalOfTheCutAndOnlyThere() {
        IntervalRecorder recorder = new IntervalRecorder(new SteppingClock());
        long now = System.nanoTime();
        // Hung: its timeout (0) has passed at the next cut, and its owner's next start was due an hour ago.
        StartPlan<Void> hungPlan = StartPlan.periodic(now - HOUR_NANOS, 2 * HOUR_NANOS);
        IntervalRecorder.InFlight hung = recorder.begin("HomePage", "tile1-olio-web", Duration.ZERO, hungPlan);
        // Still young: neither its timeout nor its next start has come.
        StartPlan<Void> youngPlan = StartPlan.periodic(now + HOUR_NANOS, HOUR_NANOS);
        IntervalRecorder.InFlight young = recorder.begin("TagSearch", "tile1-olio-web", Duration.ofHours(1), youngPlan);

        IntervalSnapshot cut = recorder.cut();
        assertThat(cut.measure().errors()).isEqualTo(1);
        assertThat(cut.measure().attempts()).isEqualTo(1);
        assertThat(cut.measure().errorsByOperation()).isEqualTo(Map.of("HomePage", 1L));
        assertThat(cut.measure().errorsByVm()).isEqualTo(Map.of("tile1-olio-web", 1L));
        assertThat(cut.measure().scheduleLagNanos().getTotalCount()).isEqualTo(1);
        assertThat(cut.measure().scheduleLagNanos().getMinValue()).isGreaterThan(3_000_000_000_000L);
        assertThat(hungPlan.take().lagRecorded()).isTrue();
        assertThat(youngPlan.take().lagRecorded()).isFalse();

        // When the hung unit finally ends, its owner records nothing more; the young one is its owner's to record.
        assertThat(recorder.end(hung)).isFalse();
        assertThat(recorder.end(young)).isTrue();
        IntervalSnapshot next = recorder.cut();
        assertThat(next.measure().errors()).isZero();
        assertThat(next.measure().attempts()).isZero();
        assertThat(next.measure().scheduleLagNanos().getTotalCount()).isZero();
    }

    @Test
    void aRequestPastItsDeadlineAtACutFailsItsStartedUnitThereNamedByTheRequestAndOnlyOnce() {
        AtomicLong now = new AtomicLong(1_000_000_000L);
        IntervalRecorder recorder = new IntervalRecorder(new SteppingClock(), now::get);
        long second = 1_000_000_000L;
        // An order started now, its next start due in 3 s; its login page waits on tile1-dvdstore-web2 for up to 10 s.
        StartPlan<Void> plan = StartPlan.periodic(now.get() + 3 * second, HOUR_NANOS);
        IntervalRecorder.InFlight order = recorder.started(plan);
        order.request("login", "tile1-dvdstore-web2", now.get() + 10 * second);

        now.addAndGet(2 * second);
        IntervalSnapshot before = recorder.cut();
        assertThat(before.measure().attempts()).as("counted when it started").isEqualTo(1);
        assertThat(before.measure().errors()).isZero();
        assertThat(before.measure().scheduleLagNanos().getTotalCount()).as("the next start is not due yet").isZero();

        now.addAndGet(8 * second); // 10 s: the page is at its deadline, the next start 7 s late
        IntervalSnapshot atTimeout = recorder.cut();
        assertThat(atTimeout.measure().attempts()).as("its attempt was counted once, at its start").isZero();
        assertThat(atTimeout.measure().errors()).isEqualTo(1);
        assertThat(atTimeout.measure().errorsByOperation()).isEqualTo(Map.of("login", 1L));
        assertThat(atTimeout.measure().errorsByVm()).isEqualTo(Map.of("tile1-dvdstore-web2", 1L));
        assertThat(atTimeout.measure().scheduleLagNanos().getTotalCount()).isEqualTo(1);
        assertThat(atTimeout.measure().scheduleLagNanos().getMaxValue()).isBetween(7 * second - second / 100, 7 * second + second / 100);
        assertThat(order.settled()).isTrue();
        assertThat(plan.take().lagRecorded()).isTrue();

        // The page's own timeout comes a moment later: the owner finds the outcome taken and records nothing.
        assertThat(order.settle()).isFalse();
        assertThat(recorder.end(order)).isFalse();
        IntervalSnapshot after = recorder.cut();
        assertThat(after.measure().errors()).isZero();
        assertThat(after.measure().attempts()).isZero();
        assertThat(after.measure().scheduleLagNanos().getTotalCount()).isZero();
    }

    @Test
    void aRequestAnsweredBeforeTheCutIsNotJudgedAndTheOwnerRecordsTheOutcome() {
        AtomicLong now = new AtomicLong(5_000_000_000L);
        IntervalRecorder recorder = new IntervalRecorder(new SteppingClock(), now::get);
        IntervalRecorder.InFlight beat = recorder.started(StartPlan.periodic(now.get() + 1_000_000_000L, HOUR_NANOS));
        beat.request("heartbeat", "tile1-standby", now.get() + 1_000_000_000L);
        now.addAndGet(10_000_000L);
        beat.answered();
        now.addAndGet(500_000_000L); // past where the deadline was, but nothing waits any more

        IntervalSnapshot cut = recorder.cut();
        assertThat(cut.measure().errors()).isZero();
        assertThat(beat.settle()).as("the outcome is the owner's").isTrue();
        assertThat(recorder.end(beat)).isFalse();
    }

    @Test
    void aUnitStuckPastSeveralStartsHasEachMissedStartsLagRecordedOnceAndItsOwnerSkipsThem() {
        AtomicLong now = new AtomicLong(0);
        IntervalRecorder recorder = new IntervalRecorder(new SteppingClock(), now::get);
        long second = 1_000_000_000L;
        // An order started at 0 hangs; its user's plan has a start every 2 s from 1 s.
        StartPlan<Void> plan = StartPlan.periodic(second, 2 * second);
        IntervalRecorder.InFlight order = recorder.started(plan);

        now.set(6 * second); // the starts at 1, 3 and 5 s missed: 5, 3 and 1 s late so far
        AbstractHistogram stuck = recorder.cut().measure().scheduleLagNanos();
        assertThat(stuck.getTotalCount()).isEqualTo(3);
        assertThat(stuck.getMinValue()).isBetween(second - second / 100, second + second / 100);
        assertThat(stuck.getMaxValue()).isBetween(5 * second - second / 100, 5 * second + second / 100);
        assertThat(stuck.getMean()).isBetween(2.99 * second, 3.01 * second);

        now.set(8 * second); // one more missed (7 s); the three before are not recorded again
        AbstractHistogram later = recorder.cut().measure().scheduleLagNanos();
        assertThat(later.getTotalCount()).isEqualTo(1);
        assertThat(later.getMaxValue()).isBetween(second - second / 100, second + second / 100);

        // The order ends; its user takes the four starts it missed, their lag already recorded, then one not yet due.
        assertThat(recorder.end(order)).as("the outcome is the owner's: no timeout passed").isTrue();
        for (long due = 1; due <= 7; due += 2) {
            StartPlan.Taken<Void> missed = plan.take();
            assertThat(missed.start().dueNanos()).isEqualTo(due * second);
            assertThat(missed.lagRecorded()).isTrue();
        }
        assertThat(plan.take().lagRecorded()).isFalse();
        assertThat(recorder.cut().measure().scheduleLagNanos().getTotalCount()).as("nothing in flight").isZero();
    }

    @Test
    void aStartThePlanLeavesInactiveIsNeverLate() {
        AtomicLong now = new AtomicLong(0);
        IntervalRecorder recorder = new IntervalRecorder(new SteppingClock(), now::get);
        long second = 1_000_000_000L;
        // Starts every second from 1 s, the user active only at odd seconds (a load shape's low half, say).
        StartPlan<Void> plan = new StartPlan<>(previous -> {
            long due = previous == null ? second : previous.dueNanos() + second;
            return new StartPlan.Start<>(due, null, (due / second) % 2 == 1);
        });
        IntervalRecorder.InFlight unit = recorder.started(plan);
        now.set(6 * second + second / 2); // due: 1..6 s, active: 1, 3, 5 s
        assertThat(recorder.cut().measure().scheduleLagNanos().getTotalCount()).isEqualTo(3);
        recorder.end(unit);
    }

    @Test
    void aRequestWaitingPastItsLimitAtACutIsTimedThereSoFarOnceAndNotAgainByItsOwner() {
        AtomicLong now = new AtomicLong(0);
        IntervalRecorder recorder = new IntervalRecorder(new SteppingClock(), now::get);
        long second = 1_000_000_000L;
        IntervalRecorder.InFlight order = recorder.started(StartPlan.periodic(HOUR_NANOS, HOUR_NANOS));
        // The login page was due at 0, its QoS limit 1 s, its timeout 10 s.
        order.request("login", "tile1-dvdstore-web1", 10 * second, 0, second);

        now.set(second / 2);
        assertThat(recorder.cut().measure().latencyNanos()).as("within its limit: the owner's to time").doesNotContainKey("login");

        now.set(4 * second);
        IntervalSnapshot late = recorder.cut();
        assertThat(late.measure().latencyNanos().get("login").getTotalCount()).isEqualTo(1);
        assertThat(late.measure().latencyNanos().get("login").getMaxValue()).isBetween(3_990_000_000L, 4_010_000_000L);
        assertThat(late.measure().errors()).as("within its timeout").isZero();
        assertThat(late.measure().completed()).as("a page is no unit").isZero();

        now.set(6 * second);
        assertThat(recorder.cut().measure().latencyNanos().get("login").getTotalCount()).as("once").isZero();
        assertThat(order.answered()).as("the cut timed it: the owner does not").isFalse();

        // The next page answers within its limit: the owner times it.
        order.request("browse", "tile1-dvdstore-web1", 16 * second, 6 * second, second);
        now.set(6 * second + second / 2);
        assertThat(recorder.cut().measure().latencyNanos()).doesNotContainKey("browse");
        assertThat(order.answered()).isTrue();
        assertThat(recorder.end(order)).isTrue();
    }

    @Test
    void aCycleOpenPastItsAllowedGapAtACutHasThatGapSoFarRecordedOnceAsStuck() {
        AtomicLong now = new AtomicLong(0);
        IntervalRecorder recorder = new IntervalRecorder(new SteppingClock(), now::get);
        long ms = 1_000_000L;
        OpenCycle.Names names = new OpenCycle.Names("cycle.intended", "cycle.actual", "cycle.stuck");
        // Started at 0 with a planned gap of 2 s to the next start, 5 % tolerance: stuck after 2.1 s.
        OpenCycle cycle = OpenCycle.of(names, 0, 2_000 * ms, 5);
        IntervalRecorder.InFlight unit = recorder.begin("HomePage", "tile1-olio-web", Duration.ofSeconds(10),
                StartPlan.periodic(2_000 * ms, HOUR_NANOS), cycle);

        now.set(2_100 * ms); // late, but within the tolerance: the gap is the driver's to record when it ends
        IntervalSnapshot within = recorder.cut();
        assertThat(within.measure().latencyNanos()).doesNotContainKeys("cycle.intended", "cycle.actual", "cycle.stuck");
        assertThat(unit.nextGapRecorded()).isFalse();

        now.set(5_000 * ms);
        IntervalSnapshot stuck = recorder.cut();
        assertThat(stuck.measure().latencyNanos().get("cycle.intended").getTotalCount()).isEqualTo(1);
        assertThat(stuck.measure().latencyNanos().get("cycle.intended").getMaxValue()).isBetween(1_998 * ms, 2_002 * ms);
        assertThat(stuck.measure().latencyNanos().get("cycle.actual").getMaxValue()).isBetween(4_995 * ms, 5_005 * ms);
        assertThat(stuck.measure().latencyNanos().get("cycle.stuck").getTotalCount()).isEqualTo(1);
        assertThat(stuck.measure().errors()).as("not past its 10 s timeout").isZero();
        assertThat(stuck.measure().completed()).as("gaps are no units").isZero();
        assertThat(unit.nextGapRecorded()).isTrue();

        now.set(8_000 * ms);
        IntervalSnapshot later = recorder.cut();
        assertThat(later.measure().latencyNanos().get("cycle.stuck").getTotalCount()).as("once").isZero();
        assertThat(later.measure().latencyNanos().get("cycle.actual").getTotalCount()).isZero();
        assertThat(recorder.end(unit)).isTrue();
    }

    @Test
    void anOpenCycleIsAllowedItsPlannedGapAndTheTolerance() {
        OpenCycle.Names names = new OpenCycle.Names("i", "a", "s");
        OpenCycle cycle = OpenCycle.of(names, 100, 1_000, 2);
        assertThat(cycle.allowedGapNanos()).isEqualTo(1_020);
        assertThat(cycle.stuckAt(1_120)).isFalse();
        assertThat(cycle.stuckAt(1_121)).isTrue();
    }

    /** A clock that moves one second forward every time it is read. */
    private static final class SteppingClock implements InstantSource {
        private final AtomicLong seconds = new AtomicLong(1_700_000_000L);

        Instant now() {
            return Instant.ofEpochSecond(seconds.get());
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochSecond(seconds.getAndIncrement());
        }
    }
}
