package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramMergeTest {

    @Test
    void mergingIntervalsEqualsRecordingEverythingInOneHistogram() {
        Random random = new Random(42);
        Histogram all = new Histogram(3);
        List<Histogram> intervals = new ArrayList<>();
        for (int interval = 0; interval < 10; interval++) {
            Histogram part = new Histogram(3);
            part.setStartTimeStamp(1_000 + interval * 60_000L);
            part.setEndTimeStamp(1_000 + (interval + 1) * 60_000L);
            for (int i = 0; i < 1_000; i++) {
                // Log-uniform from 1 µs to ~10 s in nanoseconds, so many buckets are exercised.
                long nanos = (long) Math.pow(10, 3 + random.nextDouble() * 7);
                part.recordValue(nanos);
                all.recordValue(nanos);
            }
            intervals.add(part);
        }

        Histogram merged = HistogramMerge.merge(intervals);

        assertThat(merged.getTotalCount()).isEqualTo(10_000);
        assertThat(merged).isEqualTo(all);
        for (double percentile : new double[] {50, 90, 95, 99, 99.9, 100}) {
            assertThat(merged.getValueAtPercentile(percentile)).isEqualTo(all.getValueAtPercentile(percentile));
        }
        assertThat(OperationStats.of(merged, 0)).isEqualTo(OperationStats.of(all, 0));
        assertThat(merged.getStartTimeStamp()).isEqualTo(1_000);
        assertThat(merged.getEndTimeStamp()).isEqualTo(1_000 + 10 * 60_000L);
        assertThat(intervals.getFirst().getTotalCount()).isEqualTo(1_000);
    }

    @Test
    void mergingNothingGivesAnEmptyHistogram() {
        assertThat(HistogramMerge.merge(List.of()).getTotalCount()).isZero();
    }
}
