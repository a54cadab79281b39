package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.fake.FakePlatform;

class ClusterCpuTest {

    /** Two hosts of one hardware thread each. */
    private final ClusterCpu cpu = ClusterCpu.of(new FakePlatform(2, EnumSet.noneOf(Capability.class)));
    private final Instant start = Instant.parse("2026-11-28T16:00:00Z");

    @Test
    void busyTimeOverTheCoresCapacityInTheWindow() {
        assertThat(cpu.percentBetween(mark(0, 4), mark(10, 14))).hasValueCloseTo(50.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void ticksAheadOfTheWallClockWithEveryCoreBusyReadAsAllCoresBusy() {
        assertThat(cpu.percentBetween(mark(0, 0), mark(10, 20.17))).hasValue(100.0);
    }

    @Test
    void noReadingNoPercent() {
        assertThat(cpu.percentBetween(new ClusterCpu.Mark(start, null), mark(10, 5))).isEmpty();
        assertThat(cpu.percentBetween(mark(10, 0), mark(10, 5))).as("an empty window").isEmpty();
        assertThat(cpu.mark().busy()).as("the fake platform cannot tell").isNull();
    }

    private ClusterCpu.Mark mark(double atSeconds, double busySeconds) {
        return new ClusterCpu.Mark(start.plusMillis(Math.round(atSeconds * 1000)), Duration.ofMillis(Math.round(busySeconds * 1000)));
    }
}
