package org.tilemark.infra.platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tilemark.infra.platform.Inventory.Host;

class InventoryTest {

    @Test
    void aHostsCpusAreALinuxCpuList() {
        assertThat(new Host("h", "0-2,5").cpuSet()).containsExactly(0, 1, 2, 5);
        assertThat(new Host("h", "0-2,5").cores()).isEqualTo(4);
        assertThat(new Host("h", "1").cores()).isEqualTo(1);
    }
}
