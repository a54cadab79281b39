package org.tilemark.infra.platform.libvirt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmResources;

/**
 * The libvirt meter's calls on real libvirt: its {@code test:///default} driver (libvirt's own, in the libvirt
 * library), whose running domain {@code test} has a virtio disk {@code vda} and an interface {@code testnet0} with
 * statistics the driver makes up from the clock. It proves the calls, the device discovery from the domain XML and
 * the carrying across hosts; what QEMU reports for a guest's I/O is the lab's to show (docs/platforms/libvirt.md).
 */
class LibvirtResourceMeterTest {

    private Connect hostA;
    private Connect hostB;

    @BeforeEach
    void connect() throws Exception {
        assumeTrue(Files.exists(Path.of("/usr/bin/virsh")) || Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libvirt.so.0")),
                "libvirt is not installed");
        hostA = new Connect("test:///default");
        hostB = new Connect("test:///default");
    }

    @AfterEach
    void close() throws Exception {
        if (hostA != null) {
            hostA.close();
        }
        if (hostB != null) {
            hostB.close();
        }
    }

    @Test
    void readsCpuMemoryEveryDiskAndInterfaceOfTheDomain() throws Exception {
        Domain domain = hostA.domainLookupByName("test");
        // The driver's figures grow with the clock: each is read between the same calls made just before and after.
        long cpuBefore = domain.getInfo().cpuTime;
        long readOpsBefore = domain.blockStats("vda").rd_req;
        long receivedBefore = domain.interfaceStats("testnet0").rx_bytes;
        VmResources read = DomainCounters.read(domain);
        assertThat(read.cpuNanos()).isBetween(cpuBefore, domain.getInfo().cpuTime);
        assertThat(read.diskReadOps()).isBetween(readOpsBefore, domain.blockStats("vda").rd_req);
        assertThat(read.netReceivedBytes()).isBetween(receivedBefore, domain.interfaceStats("testnet0").rx_bytes);
        assertThat(read.diskReadBytes()).isPositive();
        assertThat(read.diskWriteOps()).isPositive();
        assertThat(read.diskWriteBytes()).isPositive();
        assertThat(read.netReceivedBytes()).isPositive();
        assertThat(read.netSentBytes()).isPositive();
        assertThat(read.memoryBytes()).as("the driver's rss, KiB as bytes").isEqualTo(1048576L * 1024);
    }

    @Test
    void aVmThatMovesToAnotherHostCarriesItsTotals() {
        String[] host = {"a"};
        LibvirtResourceMeter meter = new LibvirtResourceMeter(name -> new LibvirtResourceMeter.Located("test", host[0]),
                Map.of("a", hostA, "b", hostB)::get);
        Vm vm = new Vm("tile1-db", "run", 1, "dvdstore-db", "a", "app");
        VmResources before = meter.read(List.of(vm)).get("tile1-db");
        host[0] = "b";
        VmResources after = meter.read(List.of(vm)).get("tile1-db");
        // On the other host the domain's own counters are read afresh; the first host's totals are kept under them.
        assertThat(after.cpuNanos()).isGreaterThan(before.cpuNanos());
        assertThat(after.diskReadBytes()).isGreaterThan(before.diskReadBytes());
        Vm unknown = new Vm("tile1-web", "run", 1, "dvdstore-web", "c", "app");
        host[0] = "c";
        assertThat(meter.read(List.of(unknown))).as("a host the platform does not know gives no reading").isEmpty();
    }
}
