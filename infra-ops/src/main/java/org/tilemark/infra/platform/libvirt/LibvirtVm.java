package org.tilemark.infra.platform.libvirt;

import java.net.InetSocketAddress;
import java.time.Duration;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;
import java.util.Map;
import java.util.Optional;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.guest.GuestServer;
import org.tilemark.templates.image.GuestImage;

/** What this connection knows of a VM it deployed: its tag, NIC, console volume, where it runs, and its endpoints once up. */
final class LibvirtVm {

    private final Vm vm;
    private final VmSpec spec;
    private final TilemarkTag tag;
    private final String mac;
    private final String consolePool;
    private final long deployedBytes;
    private volatile Placement placement;
    private volatile Map<String, InetSocketAddress> endpoints = Map.of();
    private volatile Optional<GuestImage> guestImage = Optional.empty();
    private volatile Optional<GuestServer> guestServer = Optional.empty();
    private volatile boolean started;
    private volatile boolean stopExpected = true;
    private volatile boolean failed;

    /** @param deployedBytes what the deploy wrote into the VM's disk volume (its allocation then: the clone's own bytes) */
    LibvirtVm(Vm vm, VmSpec spec, TilemarkTag tag, String mac, String consolePool, long deployedBytes) {
        this.deployedBytes = deployedBytes;
        this.vm = vm;
        this.spec = spec;
        this.tag = tag;
        this.mac = mac;
        this.consolePool = consolePool;
        this.placement = new Placement(vm.host(), vm.datastore());
    }

    Vm vm() {
        return vm;
    }

    VmSpec spec() {
        return spec;
    }

    TilemarkTag tag() {
        return tag;
    }

    String mac() {
        return mac;
    }

    String consolePool() {
        return consolePool;
    }

    long deployedBytes() {
        return deployedBytes;
    }

    String consoleVolume() {
        return tag.volumePrefix() + Volumes.CONSOLE;
    }

    Placement placement() {
        return placement;
    }

    void moved(Placement to) {
        placement = to;
    }

    Map<String, InetSocketAddress> endpoints() {
        return endpoints;
    }

    Optional<GuestImage> guestImage() {
        return guestImage;
    }

    Optional<GuestServer> guestServer() {
        return guestServer;
    }

    void servedBy(Optional<GuestServer> reported) {
        guestServer = reported;
    }

    void serving(Map<String, InetSocketAddress> found, Optional<GuestImage> image) {
        endpoints = Map.copyOf(found);
        guestImage = image;
        started = true;
        failed = false;
    }

    boolean started() {
        return started;
    }

    boolean stopExpected() {
        return stopExpected;
    }

    void expectStop(boolean expected) {
        stopExpected = expected;
    }

    boolean failed() {
        return failed;
    }

    void failedUnexpectedly() {
        failed = true;
    }

    /** Asks the guest to shut down (ACPI), forces the domain off after {@code grace}. */
    void stop(Domain domain, Duration grace) throws LibvirtException {
        expectStop(true);
        if (domain.isActive() != 1) {
            return;
        }
        if (!grace.isZero()) {
            domain.shutdown();
            long deadline = System.nanoTime() + grace.toNanos();
            while (System.nanoTime() < deadline && domain.isActive() == 1) {
                GuestStartup.pause(Duration.ofMillis(200));
            }
        }
        if (domain.isActive() == 1) {
            domain.destroy();
        }
    }
}
