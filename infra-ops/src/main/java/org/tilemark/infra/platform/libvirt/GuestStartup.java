package org.tilemark.infra.platform.libvirt;

import java.nio.charset.StandardCharsets;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;
import org.libvirt.StorageVol;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.templates.guest.GuestDocumentException;
import org.tilemark.templates.guest.ReadinessConsole;
import org.tilemark.templates.guest.ReadinessReport;

/**
 * What a booting guest tells: its readiness report, printed on the serial console (read through the
 * console's volume, so it works on a remote host), and its address: the first of the addresses the
 * guest reports itself (it knows them whichever DHCP server gave them), else, on a libvirt network,
 * that network's DHCP lease for its NIC (asked of every host: one of them serves the network's DHCP).
 */
final class GuestStartup {

    private static final Duration POLL = Duration.ofSeconds(2);
    private static final int CONSOLE_TAIL_LINES = 20;

    private final Collection<HostConnection> hosts;
    private final NicSource nic;

    GuestStartup(Collection<HostConnection> hosts, NicSource nic) {
        this.hosts = hosts;
        this.nic = nic;
    }

    ReadinessReport awaitReport(HostConnection host, Domain domain, LibvirtVm vm, long deadline, Duration timeout)
            throws LibvirtException, PlatformException {
        StorageVol console = consoleVolume(host, vm);
        String text = "";
        while (System.nanoTime() < deadline) {
            text = new String(Volumes.download(host, console), StandardCharsets.ISO_8859_1);
            try {
                Optional<ReadinessReport> report = ReadinessConsole.fromConsole(text);
                if (report.isPresent()) {
                    return report.get();
                }
            } catch (GuestDocumentException e) {
                throw new PlatformException("VM " + vm.vm().name() + ": unreadable readiness report: " + e.getMessage(), e);
            }
            if (domain.isActive() != 1) {
                throw new PlatformException("VM " + vm.vm().name() + " stopped before it reported ready; console:\n" + tail(text));
            }
            pause(POLL);
        }
        throw new PlatformException("VM " + vm.vm().name() + " did not report ready within " + timeout + "; console:\n" + tail(text));
    }

    /**
     * The VM's address once it reported ready. A guest that reported a failure carries no address, so its reason
     * comes first: "no address" would name the wrong cause (an olio-web guest that failed on a missing font did).
     */
    String awaitAddress(HostConnection runsOn, LibvirtVm vm, ReadinessReport report, long deadline, Duration timeout)
            throws PlatformException {
        if (!report.isReady()) {
            throw new PlatformException("VM " + vm.vm().name() + " failed to start: " + report.reason());
        }
        if (!report.addresses().isEmpty()) {
            return report.addresses().getFirst();
        }
        Optional<String> network = nic.network();
        if (network.isEmpty()) {
            throw new PlatformException("VM " + vm.vm().name() + " reported no address of its own (an image older than readiness"
                    + " report version 2, or no DHCP answer on bridge '" + nic.name() + "' within the guest's wait); console:\n"
                    + consoleTail(runsOn, vm));
        }
        while (System.nanoTime() < deadline) {
            for (HostConnection each : hosts) {
                Optional<String> address = each.leasedAddress(network.get(), vm.mac());
                if (address.isPresent()) {
                    return address.get();
                }
            }
            pause(POLL);
        }
        throw new PlatformException("VM " + vm.vm().name() + ": no DHCP lease for its NIC " + vm.mac() + " on network '"
                + network.get() + "' within " + timeout);
    }

    /** The VM's endpoints (its report said ready: {@link #awaitAddress}): each port its role serves, at the VM's address. */
    static Map<String, InetSocketAddress> endpoints(LibvirtVm vm, ReadinessReport report, String address) throws PlatformException {
        Map<String, InetSocketAddress> endpoints = new LinkedHashMap<>();
        for (String port : vm.spec().role().ports()) {
            Integer number = report.ports().get(port);
            if (number == null) {
                throw new PlatformException("VM " + vm.vm().name() + " did not announce its '" + port + "' port (announced: "
                        + report.ports().keySet() + ")");
            }
            endpoints.put(port, new InetSocketAddress(address, number));
        }
        return endpoints;
    }

    static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The console's last lines as the guest left them, or why they cannot be read. */
    private static String consoleTail(HostConnection host, LibvirtVm vm) {
        try {
            return tail(new String(Volumes.download(host, consoleVolume(host, vm)), StandardCharsets.ISO_8859_1));
        } catch (LibvirtException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private static StorageVol consoleVolume(HostConnection host, LibvirtVm vm) throws LibvirtException {
        return host.storagePoolLookupByName(vm.consolePool()).storageVolLookupByName(vm.consoleVolume());
    }

    private static String tail(String console) {
        String[] lines = console.split("\n");
        return String.join("\n", Arrays.copyOfRange(lines, Math.max(0, lines.length - CONSOLE_TAIL_LINES), lines.length));
    }
}
