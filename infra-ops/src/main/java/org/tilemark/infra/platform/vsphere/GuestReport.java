package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.templates.guest.GuestDocumentException;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessReport;

/**
 * Waits for a powered-on VM's guest to report: its readiness report in {@link Marks#READINESS} and its
 * address from VMware Tools ({@code guest.ipAddress}); the endpoints are that address and the ports the
 * report names, in the order the platform learns them.
 */
final class GuestReport {

    private GuestReport() {
    }

    static Map<String, InetSocketAddress> await(ReadinessWatch watch, VsphereVm vm, Instant deadline)
            throws VimFault, IOException, PlatformException {
        while (true) {
            Vim.ObjectProps props = watch.next(vm.mor); // read with every other VM waiting, once a second
            // vSphere removes an option set to "" (powerOn clears the last boot's report so); vcsim may keep it empty.
            Optional<String> report = Marks.extraConfig(props, Marks.READINESS).filter(json -> !json.isBlank());
            Optional<String> address = props.text("guest.ipAddress").filter(ip -> !ip.isBlank());
            // A guest that reports failure has failed, whether or not Tools has reported its address yet.
            ReadinessReport ready = report.isPresent() ? read(vm, report.get()) : null;
            if (ready != null && address.isPresent()) {
                return endpoints(vm, ready, address.get());
            }
            if (Instant.now().isAfter(deadline)) {
                throw new PlatformException("VM " + vm.vm.name() + " did not report ready in time ("
                        + (report.isPresent() ? "no guest address from VMware Tools" : "no " + Marks.READINESS) + ")");
            }
        }
    }

    private static ReadinessReport read(VsphereVm vm, String json) throws PlatformException {
        try {
            ReadinessReport report = GuestDocumentFile.READINESS.fromJson(json);
            if (!report.isReady()) {
                throw new PlatformException("VM " + vm.vm.name() + " failed to start: " + report.reason());
            }
            return report;
        } catch (GuestDocumentException e) {
            throw new PlatformException("VM " + vm.vm.name() + ": unreadable " + Marks.READINESS + ": " + e.getMessage(), e);
        }
    }

    /** In the role's port order, so the first is the primary endpoint. */
    private static Map<String, InetSocketAddress> endpoints(VsphereVm vm, ReadinessReport report, String address)
            throws PlatformException {
        List<String> missing = vm.ports.stream().filter(port -> report.port(port).isEmpty()).toList();
        if (!missing.isEmpty()) {
            throw new PlatformException("VM " + vm.vm.name() + " did not announce its ports " + missing);
        }
        Map<String, InetSocketAddress> endpoints = new LinkedHashMap<>();
        vm.ports.forEach(port -> endpoints.put(port, new InetSocketAddress(address, report.port(port).orElseThrow())));
        return Collections.unmodifiableMap(endpoints);
    }
}
