package org.tilemark.workloads.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ThinkTimeTest {

    private static final int SAMPLES = 100_000;

    @Test
    void uniformHasTheMeanAndStaysBelowTwiceIt() {
        Duration mean = Duration.ofSeconds(6);
        ThinkTime think = ThinkTime.uniform(mean);
        SplittableRandom random = new SplittableRandom(42);
        double sumNanos = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int firstHalf = 0;
        for (int i = 0; i < SAMPLES; i++) {
            long nanos = think.next(random).toNanos();
            sumNanos += nanos;
            min = Math.min(min, nanos);
            max = Math.max(max, nanos);
            if (nanos < mean.toNanos()) {
                firstHalf++;
            }
        }
        // Standard error of the mean: 12 s / sqrt(12) / sqrt(100k) = 11 ms; allow about 5 of them.
        assertThat(sumNanos / SAMPLES / 1e9).isCloseTo(6.0, within(0.06));
        assertThat(min).isGreaterThanOrEqualTo(0).isLessThan(Duration.ofMillis(10).toNanos());
        assertThat(max).isLessThan(Duration.ofSeconds(12).toNanos()).isGreaterThan(Duration.ofMillis(11_990).toNanos());
        assertThat(firstHalf / (double) SAMPLES).isCloseTo(0.5, within(0.01));
    }

    @Test
    void negativeExponentialHasTheTruncatedMeanAndNeverExceedsTheMax() {
        ThinkTime think = ThinkTime.negativeExponential(Duration.ofSeconds(1), Duration.ofSeconds(5));
        SplittableRandom random = new SplittableRandom(7);
        double sumSeconds = 0;
        long max = 0;
        int atMax = 0;
        int belowMean = 0;
        for (int i = 0; i < SAMPLES; i++) {
            long nanos = think.next(random).toNanos();
            sumSeconds += nanos / 1e9;
            max = Math.max(max, nanos);
            if (nanos == Duration.ofSeconds(5).toNanos()) {
                atMax++;
            }
            if (nanos < Duration.ofSeconds(1).toNanos()) {
                belowMean++;
            }
        }
        // E[min(X, 5)] for X ~ Exp(mean 1) is 1 - e^-5; standard error about 3 ms.
        assertThat(sumSeconds / SAMPLES).isCloseTo(1 - Math.exp(-5), within(0.015));
        assertThat(max).isEqualTo(Duration.ofSeconds(5).toNanos());
        // P(X > 5) = e^-5 = 0.67 %: about 674 of 100k samples are cut to the max (sd about 26).
        assertThat(atMax).isBetween(550, 800);
        // P(X < mean) = 1 - 1/e = 63.2 %.
        assertThat(belowMean / (double) SAMPLES).isCloseTo(1 - Math.exp(-1), within(0.01));
    }
}
