package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfidenceIntervalTest {

    @Test
    void studentTIntervalOfAKnownSample() {
        // mean 9.2, s = 0.2, n = 3: half width = 4.303 × 0.2 / √3 = 0.49687.
        ConfidenceInterval interval = ConfidenceInterval.of95(9.0, 9.2, 9.4);

        assertThat(interval.low()).isCloseTo(8.70313, within(1e-4));
        assertThat(interval.high()).isCloseTo(9.69687, within(1e-4));
        assertThat(interval.level()).isEqualTo(0.95);
    }

    @Test
    void oneSampleHasNoWidth() {
        assertThat(ConfidenceInterval.of95(1.5)).isEqualTo(new ConfidenceInterval(1.5, 1.5, 0.95));
    }

    @Test
    void lowEndIsClampedAtZero() {
        assertThat(ConfidenceInterval.of95(0.1, 2.0).low()).isZero();
    }

    @Test
    void tQuantileTable() {
        assertThat(ConfidenceInterval.t975(1)).isEqualTo(12.706);
        assertThat(ConfidenceInterval.t975(30)).isEqualTo(2.042);
        assertThat(ConfidenceInterval.t975(35)).isEqualTo(2.042);
        assertThat(ConfidenceInterval.t975(1000)).isEqualTo(1.980);
    }

    @Test
    void runCarriesTheIntervalOfItsPhaseScores() {
        RunScore run = Scoring.run(List.of(Fixtures.phase(1, 9.0, QosVerdict.pass()),
                Fixtures.phase(2, 9.2, QosVerdict.pass()), Fixtures.phase(3, 9.4, QosVerdict.pass())));

        assertThat(run.confidence().low()).isCloseTo(8.70313, within(1e-4));
        assertThat(run.confidence().high()).isCloseTo(9.69687, within(1e-4));
    }

    @Test
    void rejectsInvertedBoundsAndBadLevel() {
        assertThatThrownBy(() -> new ConfidenceInterval(2, 1, 0.95)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ConfidenceInterval(1, 2, 95)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("level");
    }
}
