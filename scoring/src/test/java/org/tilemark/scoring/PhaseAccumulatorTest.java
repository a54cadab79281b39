package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PhaseAccumulatorTest {


    @Test
    void mergesIntervalsAndRatesCompletedOrdersPerPlannedMinute() {
        IntervalMeasure first = new IntervalMeasure(Map.of("login", latencies(10, 1)), Map.of("login", 1L), 12, 10, 1, 1, latencies(10, 2),
                Map.of("tile1-dvdstore-web1", 1L));
        IntervalMeasure second = new IntervalMeasure(Map.of("login", latencies(5, 3), "browse", latencies(4, 2)), Map.of("browse", 2L), 8, 5, 2, 0,
                latencies(10, 40), Map.of("tile1-dvdstore-web1", 1L, "tile1-dvdstore-web2", 1L));
        PhaseAccumulator phase = new PhaseAccumulator(1, "dvdstore", "orders/min", Duration.ofMinutes(1));

        // The first interval ran 11 s by the wall clock, but the plan said 10 s: the plan counts.
        phase.add(first, Duration.ofSeconds(10));
        phase.add(second, Duration.ofSeconds(10));
        WorkloadResult result = phase.result();

        assertThat(result.tile()).isEqualTo(1);
        assertThat(result.workload()).isEqualTo("dvdstore");
        assertThat(result.metricUnit()).isEqualTo("orders/min");
        assertThat(result.measured()).isEqualTo(Duration.ofSeconds(20));
        assertThat(result.throughput()).isCloseTo(15 * 3.0, within(1e-9));
        assertThat(result.attempts()).isEqualTo(20);
        assertThat(result.errors()).isEqualTo(3);
        assertThat(result.rollbacks()).isEqualTo(1);
        assertThat(result.errorsByVm()).isEqualTo(Map.of("tile1-dvdstore-web1", 2L, "tile1-dvdstore-web2", 1L));
        assertThat(result.operations()).containsOnlyKeys("browse", "login");
        OperationStats login = result.operations().get("login");
        assertThat(login.count()).isEqualTo(15);
        assertThat(login.errors()).isEqualTo(1);
        assertThat(login.meanMs()).isCloseTo((10 * 1 + 5 * 3) / 15.0, within(0.01));
        assertThat(login.maxMs()).isCloseTo(3.0, within(0.01));
        OperationStats browse = result.operations().get("browse");
        assertThat(browse.count()).isEqualTo(4);
        assertThat(browse.errors()).isEqualTo(2);
        // 20 lag samples, 10 of them at 40 ms: the p99 is the larger value.
        assertThat(result.scheduleLagP99Ms()).isCloseTo(40.0, within(0.1));
    }

    @Test
    void anOperationWithOnlyErrorsIsReportedWithoutSamples() {
        IntervalMeasure onlyErrors = new IntervalMeasure(Map.of(), Map.of("purchase", 3L),
                3, 0, 3, 0, new Histogram(3), Map.of("tile1-dvdstore-web1", 3L));
        PhaseAccumulator phase = new PhaseAccumulator(2, "dvdstore", "orders/min", Duration.ofMinutes(1));

        phase.add(onlyErrors, Duration.ofSeconds(10));
        WorkloadResult result = phase.result();

        assertThat(result.throughput()).isZero();
        assertThat(result.scheduleLagP99Ms()).isZero();
        assertThat(result.operations().get("purchase").count()).isZero();
        assertThat(result.operations().get("purchase").errors()).isEqualTo(3);
    }

    @Test
    void nothingAddedMeansNoThroughput() {
        WorkloadResult result = new PhaseAccumulator(1, "dvdstore", "orders/min", Duration.ofMinutes(1)).result();

        assertThat(result.measured()).isZero();
        assertThat(result.throughput()).isZero();
        assertThat(result.operations()).isEmpty();
    }

    @Test
    void addingDoesNotChangeTheSnapshot() {
        Histogram login = latencies(10, 1);
        IntervalMeasure snapshot = new IntervalMeasure(Map.of("login", login), Map.of(),
                10, 10, 0, 0, latencies(10, 1), Map.of());
        PhaseAccumulator phase = new PhaseAccumulator(1, "dvdstore", "orders/min", Duration.ofMinutes(1));

        phase.add(snapshot, Duration.ofSeconds(10));
        phase.add(snapshot, Duration.ofSeconds(10));

        assertThat(login.getTotalCount()).isEqualTo(10);
        assertThat(phase.result().operations().get("login").count()).isEqualTo(20);
    }

    private static Histogram latencies(int count, long millis) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(Duration.ofMillis(millis).toNanos(), count);
        return h;
    }
}
