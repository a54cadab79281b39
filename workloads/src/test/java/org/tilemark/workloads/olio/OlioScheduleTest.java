package org.tilemark.workloads.olio;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The compiled user's intended starts: Faban's negative-exponential cycle, truncated, AddEvent's minimum. */
class OlioScheduleTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long ORIGIN = 1_800_000_000L * SECOND;

    @Test
    void gapsAreNegativeExponentialTruncatedAtFiveMeansAndAddEventWaitsAtLeastThreeOfFiveSeconds() {
        OlioSchedule schedule = new OlioSchedule(ORIGIN, Duration.ofSeconds(5), 5, new SplittableRandom(19));
        OlioSchedule.Slot first = schedule.next("HomePage", ORIGIN);
        assertThat(first.gapNanos()).isEqualTo(-1);
        assertThat(first.intendedNanos()).isBetween(ORIGIN, ORIGIN + 5 * SECOND);
        long previous = first.intendedNanos();
        double sum = 0;
        long longest = 0;
        long shortestAddEvent = Long.MAX_VALUE;
        int cycles = 200_000;
        for (int i = 0; i < cycles; i++) {
            String operation = i % 50 == 0 ? "AddEvent" : "TagSearch";
            OlioSchedule.Slot slot = schedule.next(operation, 0);
            assertThat(slot.intendedNanos() - previous).isEqualTo(slot.gapNanos());
            previous = slot.intendedNanos();
            sum += slot.gapNanos();
            longest = Math.max(longest, slot.gapNanos());
            if (operation.equals("AddEvent")) {
                shortestAddEvent = Math.min(shortestAddEvent, slot.gapNanos());
            }
        }
        // truncation at 5 x mean takes e^-5 x 5 s = 34 ms off the mean; AddEvent's minimum adds about 2 % x 0.9 s
        assertThat(sum / cycles / SECOND).isBetween(4.96 - 0.05, 4.99 + 0.05);
        assertThat(longest).isLessThanOrEqualTo(25 * SECOND).isGreaterThan(20 * SECOND);
        assertThat(shortestAddEvent).isGreaterThanOrEqualTo(3 * SECOND);
    }

    @Test
    void aUserReadyAfterItsArrivalStartsNowInsteadOfBehind() {
        OlioSchedule schedule = new OlioSchedule(ORIGIN, Duration.ofSeconds(5), 5, new SplittableRandom(3));
        long late = ORIGIN + 60 * SECOND;
        assertThat(schedule.next("HomePage", late).intendedNanos()).isEqualTo(late);
        assertThat(schedule.next("TagSearch", late).intendedNanos()).isGreaterThan(late);
    }
}
