package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class CycleTimeRuleTest {

    private static final String INTENDED = "cycle.intended";
    private static final String ACTUAL = "cycle.actual";

    private final CycleTimeRule rule = new CycleTimeRule(INTENDED, ACTUAL, 2);

    private static Map.Entry<String, OperationStats> cycles(String operation, long count, double meanMs) {
        return Map.entry(operation, new OperationStats(count, 0, meanMs, meanMs, meanMs, meanMs, meanMs, meanMs));
    }

    private static WorkloadResult withCycles(List<Map.Entry<String, OperationStats>> operations) {
        return Fixtures.result(1, "olio", 5, operations, 100, 0, 0, 0);
    }

    private static WorkloadResult withCycles(double intendedMeanMs, double actualMeanMs) {
        return withCycles(List.of(Fixtures.stats("HomePage", 400, 300), cycles(INTENDED, 1500, intendedMeanMs),
                cycles(ACTUAL, 1500, actualMeanMs)));
    }

    @Test
    void passesWhenTheDriverKeptItsSchedule() {
        QosCheck check = rule.check(withCycles(5000, 5050));

        assertThat(check.passed()).isTrue();
        assertThat(check.detail()).isEqualTo("mean cycle time = 5.05 s vs 5.00 s planned (+1.0 %) <= 2 %");
    }

    @Test
    void usersStuckOpenAtACutCountInTheMeanAndAreNamed() {
        CycleTimeRule withStuck = new CycleTimeRule(INTENDED, ACTUAL, "cycle.stuck", 5);
        // 100 gaps as planned (2 s), and 10 users a cut found stuck 5.5 s into a 2 s gap (a guest hung 5 s before the end).
        double actualMeanMs = (100 * 2000.0 + 10 * 5500.0) / 110;
        Map.Entry<String, OperationStats> stuck = cycles("cycle.stuck", 10, 5500);
        QosCheck check = withStuck.check(withCycles(List.of(Fixtures.stats("HomePage", 400, 300),
                cycles(INTENDED, 110, 2000), cycles(ACTUAL, 110, actualMeanMs), stuck)));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("mean cycle time = 2.32 s vs 2.00 s planned (+15.9 %) > 5 %, "
                + "10 of 110 cycles stuck open at a cut (up to 5.50 s so far)");
        // Without them the same phase kept its schedule, and a phase with none says nothing of them.
        QosCheck without = withStuck.check(withCycles(List.of(cycles(INTENDED, 100, 2000), cycles(ACTUAL, 100, 2000))));
        assertThat(without.passed()).isTrue();
        assertThat(without.detail()).isEqualTo("mean cycle time = 2.00 s vs 2.00 s planned (+0.0 %) <= 5 %");
    }

    @Test
    void theStuckOperationIsNeitherOfTheOthers() {
        assertThatThrownBy(() -> new CycleTimeRule(INTENDED, ACTUAL, ACTUAL, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void failsWhenTheDriverFellBehind() {
        QosCheck check = rule.check(withCycles(5000, 5310));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("mean cycle time = 5.31 s vs 5.00 s planned (+6.2 %) > 2 %");
    }

    @Test
    void failsWhenCyclesRanShortToo() {
        QosCheck check = rule.check(withCycles(5000, 4800));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("mean cycle time = 4.80 s vs 5.00 s planned (-4.0 %) > 2 %");
    }

    @Test
    void exactlyOnTheToleranceEdgePasses() {
        assertThat(rule.check(withCycles(5000, 5100)).passed()).isTrue();
        assertThat(rule.check(withCycles(5000, 5101)).passed()).isFalse();
    }

    @Test
    void readsMeansFromNanosecondHistograms() {
        Histogram intended = new Histogram(3);
        Histogram actual = new Histogram(3);
        for (int i = 0; i < 100; i++) {
            intended.recordValue(4_000_000_000L + 20_000_000L * i); // mean 4.99 s
            actual.recordValue(5_000_000_000L + 20_000_000L * i);   // mean 5.99 s, 20 % late
        }
        WorkloadResult result = withCycles(List.of(Map.entry(INTENDED, OperationStats.of(intended, 0)),
                Map.entry(ACTUAL, OperationStats.of(actual, 0))));

        QosCheck check = rule.check(result);

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("mean cycle time = 5.99 s vs 4.99 s planned (+20.0 %) > 2 %");
    }

    @Test
    void failsWhenNoCyclesWereMeasured() {
        assertThat(rule.check(withCycles(List.of(Fixtures.stats("HomePage", 400, 300)))))
                .extracting(QosCheck::passed, QosCheck::detail).containsExactly(false, "no cycles measured");
        assertThat(rule.check(withCycles(List.of(cycles(INTENDED, 10, 5000)))))
                .extracting(QosCheck::passed, QosCheck::detail).containsExactly(false, "no cycles measured");
        assertThat(rule.check(withCycles(List.of(cycles(INTENDED, 10, 5000), cycles(ACTUAL, 0, 0)))))
                .extracting(QosCheck::passed, QosCheck::detail).containsExactly(false, "no cycles measured");
        assertThat(rule.check(withCycles(List.of(cycles(INTENDED, 0, 0), cycles(ACTUAL, 10, 5000)))))
                .extracting(QosCheck::passed, QosCheck::detail).containsExactly(false, "no cycles measured");
    }

    @Test
    void failsWhenThePlannedMeanIsZero() {
        QosCheck check = rule.check(withCycles(0, 5000));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("planned mean cycle time is 0 s over 1500 cycles");
    }

    @Test
    void describesItself() {
        assertThat(rule.describe()).isEqualTo("mean cycle time within ±2 % of planned");
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new CycleTimeRule(" ", ACTUAL, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("intendedOperation");
        assertThatThrownBy(() -> new CycleTimeRule(INTENDED, null, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("actualOperation");
        assertThatThrownBy(() -> new CycleTimeRule(INTENDED, INTENDED, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must differ");
        assertThatThrownBy(() -> new CycleTimeRule(INTENDED, ACTUAL, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerancePercent");
    }
}
