package org.tilemark.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class WelchTestTest {

    @Test
    void equalVariancesGiveStudentsIntervalAndPValue() {
        // Both variances 2.5 with n = 5: standard error 1, Welch df = 8, t(0.975, 8) = 2.306.
        WelchTest.Difference d = WelchTest.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0), List.of(2.0, 3.0, 4.0, 5.0, 6.0), 0.95);

        assertThat(d.difference()).isEqualTo(1.0);
        assertThat(d.degreesOfFreedom()).isCloseTo(8.0, within(1e-9));
        assertThat(d.low()).isCloseTo(1 - 2.306, within(1e-3));
        assertThat(d.high()).isCloseTo(1 + 2.306, within(1e-3));
        assertThat(d.pValue()).isCloseTo(0.3466, within(1e-3));
        assertThat(d.sdA()).isCloseTo(Math.sqrt(2.5), within(1e-12));
    }

    @Test
    void unequalVariancesUseWelchSatterthwaiteDegreesOfFreedom() {
        // var A = 1 (n 3), var B = 16 (n 3): df = (1/3 + 16/3)^2 / ((1/3)^2/2 + (16/3)^2/2) = 2.0138...
        WelchTest.Difference d = WelchTest.of(List.of(9.0, 10.0, 11.0), List.of(16.0, 20.0, 24.0), 0.95);

        assertThat(d.degreesOfFreedom()).isCloseTo(289.0 / 9 / (257.0 / 18), within(1e-9));
        assertThat(d.percent()).isCloseTo(100.0, within(1e-9));
        assertThat(d.percentLow()).isLessThan(d.percent()).isEqualTo(100 * d.low() / 10);
    }

    @Test
    void aClearShiftIsSignificantAndItsIntervalExcludesZero() {
        WelchTest.Difference d = WelchTest.of(List.of(10.0, 11.0, 10.5, 9.5, 10.2, 9.8),
                List.of(15.0, 16.0, 15.5, 14.5, 15.2, 14.8), 0.95);

        assertThat(d.pValue()).isLessThan(1e-6);
        assertThat(d.low()).isGreaterThan(0);
    }

    @Test
    void identicalConstantSidesAreNoDifferenceAndDifferentConstantsAreCertain() {
        assertThat(WelchTest.of(List.of(5.0, 5.0), List.of(5.0, 5.0), 0.95).pValue()).isEqualTo(1.0);
        WelchTest.Difference shifted = WelchTest.of(List.of(5.0, 5.0), List.of(6.0, 6.0), 0.95);
        assertThat(shifted.pValue()).isZero();
        assertThat(shifted.low()).isEqualTo(1.0);
    }

    @Test
    void timesAreComparedAsRatiosOfGeometricMeans() {
        // B is A times 2 with the same multiplicative spread: exactly +100 %, the interval around it.
        List<Double> a = List.of(10.0, 20.0, 40.0, 10.0, 20.0, 40.0);
        WelchTest.Difference d = WelchTest.ofRatios(a, a.stream().map(v -> 2 * v).toList(), 0.95);

        assertThat(d.meanA()).isCloseTo(20.0, within(1e-9));
        assertThat(d.meanB()).isCloseTo(40.0, within(1e-9));
        assertThat(d.percent()).isCloseTo(100.0, within(1e-9));
        assertThat(d.percentLow()).isLessThan(100.0);
        assertThat(d.percentHigh()).isGreaterThan(100.0);
        // Ratios are symmetric on the log scale: the ends are 2/k and 2k for some k.
        assertThat((1 + d.percentLow() / 100) * (1 + d.percentHigh() / 100)).isCloseTo(4.0, within(1e-9));
    }

    @Test
    void oneSampleOnASideIsNotTestable() {
        WelchTest.Difference d = WelchTest.of(List.of(5.0), List.of(6.0, 7.0), 0.95);

        assertThat(d.testable()).isFalse();
        assertThat(d.pValue()).isEqualTo(1.0);
        assertThat(d.percent()).isCloseTo(30.0, within(1e-9));
    }
}
