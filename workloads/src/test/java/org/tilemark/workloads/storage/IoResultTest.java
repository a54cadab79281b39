package org.tilemark.workloads.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class IoResultTest {

    private static IoResult result(long reads, long writes, boolean direct, long... latenciesNanos) {
        Histogram h = IoResult.newHistogram();
        for (long l : latenciesNanos) {
            h.recordValue(l);
        }
        return new IoResult(reads, writes, reads * 4096, writes * 65536, 1, Duration.ofSeconds(2), direct, h);
    }

    @Test
    void ratesUseTheMeasuredWindowAndDecimalMegabytes() {
        IoResult r = result(1000, 500, true, 1_000_000, 3_000_000);
        assertThat(r.iops()).isEqualTo(750.0);
        assertThat(r.megabytesPerSecond()).isCloseTo((1000 * 4096 + 500 * 65536) / 1e6 / 2, within(1e-9));
        assertThat(r.meanMs()).isCloseTo(2.0, within(0.01));
        assertThat(r.percentileMs(50)).isCloseTo(1.0, within(0.01));
        assertThat(r.maxMs()).isCloseTo(3.0, within(0.01));
        assertThat(r.summary()).contains("iops=750.0", "direct=true", "errors=1");
    }

    @Test
    void anEmptyResultHasZeroLatencies() {
        IoResult r = result(0, 0, false);
        assertThat(r.meanMs()).isZero();
        assertThat(r.percentileMs(99)).isZero();
        assertThat(r.iops()).isZero();
    }

    @Test
    void mergeSumsCountsAndHistograms() {
        IoResult merged = IoResult.merge(List.of(result(10, 0, true, 1_000_000), result(0, 20, false, 5_000_000, 7_000_000)));
        assertThat(merged.reads()).isEqualTo(10);
        assertThat(merged.writes()).isEqualTo(20);
        assertThat(merged.bytesRead()).isEqualTo(10 * 4096);
        assertThat(merged.bytesWritten()).isEqualTo(20 * 65536);
        assertThat(merged.errors()).isEqualTo(2);
        assertThat(merged.measured()).isEqualTo(Duration.ofSeconds(2));
        assertThat(merged.direct()).isFalse();
        assertThat(merged.latencyNanos().getTotalCount()).isEqualTo(3);
        assertThat(merged.maxMs()).isCloseTo(7.0, within(0.01));
        assertThatThrownBy(() -> IoResult.merge(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theHistogramSurvivesEncodeAndDecode() {
        IoResult original = result(3, 1, true, 120_000, 450_000, 9_000_000, 1_200_000_000);
        String encoded = original.encode();
        assertThat(encoded).matches("[A-Za-z0-9+/=]+");

        IoResult copy = IoResult.decode(3, 1, original.bytesRead(), original.bytesWritten(), 1,
                Duration.ofSeconds(2), true, encoded);

        assertThat(copy.latencyNanos()).isEqualTo(original.latencyNanos());
        assertThat(copy.percentileMs(99)).isEqualTo(original.percentileMs(99));
        assertThat(copy.summary()).isEqualTo(original.summary());
        assertThatThrownBy(() -> IoResult.decodeLatency("bm90IGEgaGlzdG9ncmFt"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an encoded latency histogram");
    }
}
