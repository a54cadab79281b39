package org.tilemark.infra.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CarriedCountersTest {

    private static VmResources counters(long cpu, long memory, long written) {
        return new VmResources(cpu, memory, null, 0L, null, written, null, null);
    }

    @Test
    void aPartThatEndsLeavesItsCountersButNotItsMemory() {
        CarriedCounters carried = new CarriedCounters();
        assertThat(carried.total("vm", Map.of("p1", counters(10, 100, 5)))).isEqualTo(counters(10, 100, 5));
        assertThat(carried.total("vm", Map.of("p1", counters(20, 120, 7), "p2", counters(1, 50, 0))))
                .isEqualTo(counters(21, 170, 7));
        // p1 ended (a guest restarted): its last reading stays in the totals, its memory goes with it.
        VmResources afterRestart = carried.total("vm", Map.of("p2", counters(3, 60, 2), "p3", counters(1, 40, 1)));
        assertThat(afterRestart).isEqualTo(counters(24, 100, 10));
        assertThat(afterRestart.diskReadOps()).as("a counter no part measures stays unmeasured").isNull();
        assertThat(carried.total("other", Map.of("p1", counters(1, 1, 1)))).as("VMs are kept apart").isEqualTo(counters(1, 1, 1));
    }
}
