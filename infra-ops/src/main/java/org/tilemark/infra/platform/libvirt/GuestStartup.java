package org.tilemark.infra.platform.libvirt;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
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
 * console's volume, so it works on a remote host), and its address, from the cluster network's DHCP
 * lease for its NIC (asked of every host: one of them serves the network's DHCP).
 */
final class GuestStartup {

    private static final Duration POLL = Duration.ofSeconds(2);
    private static final int CONSOLE_TAIL_LINES = 20;

    private final Collection<HostConnection> hosts;
    private final String network;

    GuestStartup(Collection<HostConnection> hosts, String network) {
        this.hosts = hosts;
        this.network = network;
    }

    ReadinessReport awaitReport(HostConnection host, Domain domain, LibvirtVm vm, long deadline, Duration timeout)
            throws LibvirtException, PlatformException {
        StorageVol console = host.storagePoolLookupByName(vm.consolePool()).storageVolLookupByName(vm.consoleVolume());
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

    String awaitAddress(LibvirtVm vm, long deadline, Duration timeout) throws PlatformException {
        while (System.nanoTime() < deadline) {
            for (HostConnection host : hosts) {
                Optional<String> address = host.leasedAddress(network, vm.mac());
                if (address.isPresent()) {
                    return address.get();
                }
            }
            pause(POLL);
        }
        throw new PlatformException("VM " + vm.vm().name() + ": no DHCP lease for its NIC " + vm.mac() + " on network '"
                + network + "' within " + timeout);
    }

    static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String tail(String console) {
        String[] lines = console.split("\n");
        return String.join("\n", Arrays.copyOfRange(lines, Math.max(0, lines.length - CONSOLE_TAIL_LINES), lines.length));
    }
}
