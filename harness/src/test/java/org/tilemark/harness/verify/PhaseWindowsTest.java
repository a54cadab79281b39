package org.tilemark.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class PhaseWindowsTest {

    @Test
    void anInstantBelongsToThePhaseWhoseIntervalsHoldItStartInclusiveEndExclusive() {
        Instant t0 = Instant.parse("2026-11-22T10:00:00Z");
        PhaseWindows windows = new PhaseWindows();
        windows.add(1, t0, t0.plusSeconds(10));
        windows.add(1, t0.plusSeconds(10), t0.plusSeconds(20));
        windows.add(2, t0.plusSeconds(20), t0.plusSeconds(30));

        assertThat(windows.phaseAt(t0.minusMillis(1))).isZero();
        assertThat(windows.phaseAt(t0)).isEqualTo(1);
        assertThat(windows.phaseAt(t0.plusSeconds(15))).isEqualTo(1);
        assertThat(windows.phaseAt(t0.plusSeconds(20))).isEqualTo(2);
        assertThat(windows.phaseAt(t0.plusSeconds(30))).isZero();
    }
}
