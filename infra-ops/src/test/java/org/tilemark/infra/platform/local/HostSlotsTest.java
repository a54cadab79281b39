package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HostSlotsTest {

    @Test
    void oneCpuPerHostWhenTheyMatch() {
        assertThat(HostSlots.split(2, 2)).containsExactly(new Host("host-0", "0"), new Host("host-1", "1"));
    }

    @Test
    void moreCpusThanHostsGivesContiguousShares() {
        // 8 CPUs over 3 hosts: 2, 3 and 3 CPUs, every CPU used exactly once.
        assertThat(HostSlots.split(3, 8))
                .containsExactly(new Host("host-0", "0-1"), new Host("host-1", "2-4"), new Host("host-2", "5-7"));
    }

    @Test
    void moreHostsThanCpusShareThemRoundRobin() {
        List<Host> hosts = HostSlots.split(4, 2);

        assertThat(hosts).extracting(Host::cpus).containsExactly("0", "1", "0", "1");
        assertThat(hosts).extracting(Host::name).containsExactly("host-0", "host-1", "host-2", "host-3");
    }

    @Test
    void aHostsCpusAreALinuxCpuListAndItsCoresTheirCount() {
        assertThat(new Host("h", "0-2,5").cpuSet()).containsExactly(0, 1, 2, 5);
        assertThat(new Host("h", "0-2,5").neutral()).isEqualTo(new org.tilemark.infra.platform.Inventory.Host("h", 4));
        assertThat(new Host("h", "1").neutral().cores()).isEqualTo(1);
    }
}
