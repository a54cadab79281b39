package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class OperationStatsTest {

    /** 1..1000 ms, one sample each: every percentile p is p*10 ms, to the histogram's 3 digits. */
    private static Histogram oneToThousandMillis() {
        Histogram histogram = new Histogram(3);
        for (long ms = 1; ms <= 1000; ms++) {
            histogram.recordValue(ms * 1_000_000);
        }
        return histogram;
    }

    @Test
    void percentilesOfAKnownHistogramAreInMilliseconds() {
        OperationStats stats = OperationStats.of(oneToThousandMillis(), 3);

        assertThat(stats.count()).isEqualTo(1000);
        assertThat(stats.errors()).isEqualTo(3);
        assertThat(stats.meanMs()).isCloseTo(500.5, within(0.5));
        assertThat(stats.p50Ms()).isCloseTo(500, within(0.5));
        assertThat(stats.p90Ms()).isCloseTo(900, within(0.5));
        assertThat(stats.p95Ms()).isCloseTo(950, within(0.5));
        assertThat(stats.p99Ms()).isCloseTo(990, within(0.5));
        assertThat(stats.maxMs()).isCloseTo(1000, within(1.0));
        assertThat(stats.percentileMs(95)).isEqualTo(stats.p95Ms());
        assertThat(stats.percentileMs(50)).isEqualTo(stats.p50Ms());
    }

    @Test
    void emptyHistogramHasNoSamplesAndZeroLatency() {
        OperationStats stats = OperationStats.of(new Histogram(3), 0);

        assertThat(stats.count()).isZero();
        assertThat(stats.p99Ms()).isZero();
        assertThat(stats.maxMs()).isZero();
    }

    @Test
    void unsupportedPercentileIsRejected() {
        OperationStats stats = OperationStats.of(oneToThousandMillis(), 0);

        assertThatThrownBy(() -> stats.percentileMs(99.9))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("99.9");
    }

    @Test
    void invalidFieldsAreRejectedByName() {
        assertThatThrownBy(() -> new OperationStats(-1, 0, 0, 0, 0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("count");
        assertThatThrownBy(() -> new OperationStats(1, -1, 0, 0, 0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("errors");
        assertThatThrownBy(() -> new OperationStats(1, 0, 0, 0, Double.NaN, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("p90Ms");
        assertThatThrownBy(() -> new OperationStats(1, 0, 0, 0, -1, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("p90Ms");
    }

    @Test
    void countsOnlyHaveNoLatencies() {
        OperationStats counts = OperationStats.countsOnly(7, 2);

        assertThat(counts.hasLatencies()).isFalse();
        assertThat(counts.count()).isEqualTo(7);
        assertThat(counts.errors()).isEqualTo(2);
        assertThat(counts.p95Ms()).isNaN();
        assertThat(OperationStats.of(oneToThousandMillis(), 0).hasLatencies()).isTrue();
    }
}
