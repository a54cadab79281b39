package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProcStatTest {

    private static final List<String> STAT = List.of(
            "cpu  300 0 100 5000 50 0 10 0 0 0",
            "cpu0 100 0 50 2500 25 0 5 0 0 0",
            "cpu1 200 0 50 2500 25 0 5 0 0 0",
            "intr 12345");

    @Test
    void busyIsEverythingButIdleAndIoWaitOfTheChosenCpus() {
        assertThat(ProcStat.busy(STAT, Set.of(0))).isEqualTo(Duration.ofMillis(1550));
        assertThat(ProcStat.busy(STAT, Set.of(0, 1))).isEqualTo(Duration.ofMillis(4100));
        assertThat(ProcStat.busy(STAT, Set.of(7))).isEqualTo(Duration.ZERO);
    }

    @Test
    void thisMachineReportsSomething() {
        assertThat(ProcStat.busy(Set.of(0))).hasValueSatisfying(d -> assertThat(d).isPositive());
    }
}
