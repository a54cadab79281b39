package org.tilemark.templates.guest;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.tilemark.templates.image.GuestImage;

/**
 * What a guest reports back once it serves or has given up: {@code READY} with the ports it serves by
 * name, or {@code FAILED} with the reason (an unknown role, a missing peer, a database that would not
 * start). {@code pid} is the guest's process where that means something (a guest process on the
 * local platform), else 0. {@code image} is the image the guest runs on, where it runs on one (absent
 * for the local platform's guest processes). {@code server} is the server software it serves with, where its role has a
 * choice ({@link GuestServer}). {@code addresses} are the guest's own network addresses
 * (its interfaces' unicast addresses other than loopback and link-local, IPv4 first) where it runs in a
 * VM: a platform whose network hands out addresses it does not see (a lab's DHCP server) learns the
 * VM's address from them; empty in reports of format version 1. {@link GuestDocumentFile#READINESS} owns its format.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReadinessReport(String vmName, String role, Status status, String reason, Map<String, Integer> ports, long pid,
                              GuestImage image, GuestServer server, List<String> addresses) {

    public enum Status { READY, FAILED }

    public ReadinessReport {
        if (status == null) {
            throw new IllegalArgumentException("readiness report: 'status' is missing");
        }
        reason = reason == null ? "" : reason;
        ports = ports == null ? Map.of() : Map.copyOf(ports);
        addresses = addresses == null ? List.of() : List.copyOf(addresses);
    }

    public static ReadinessReport ready(String vmName, String role, Map<String, Integer> ports, long pid) {
        return new ReadinessReport(vmName, role, Status.READY, "", ports, pid, null, null, List.of());
    }

    /** The same report naming the image the guest runs on. */
    public ReadinessReport runningOn(GuestImage guestImage) {
        return new ReadinessReport(vmName, role, status, reason, ports, pid, guestImage, server, addresses);
    }

    /** The same report naming the server software the guest serves with. */
    public ReadinessReport servedBy(GuestServer guestServer) {
        return new ReadinessReport(vmName, role, status, reason, ports, pid, image, guestServer, addresses);
    }

    @JsonIgnore
    public Optional<GuestServer> guestServer() {
        return Optional.ofNullable(server);
    }

    /** The same report with the guest's own network addresses. */
    public ReadinessReport reachableAt(List<String> guestAddresses) {
        return new ReadinessReport(vmName, role, status, reason, ports, pid, image, server, guestAddresses);
    }

    public static ReadinessReport failed(String vmName, String role, String reason, long pid) {
        return new ReadinessReport(vmName, role, Status.FAILED, reason, Map.of(), pid, null, null, List.of());
    }

    @JsonIgnore
    public Optional<GuestImage> guestImage() {
        return Optional.ofNullable(image);
    }

    @JsonIgnore
    public boolean isReady() {
        return status == Status.READY;
    }

    @JsonIgnore
    public OptionalLong processId() {
        return pid > 0 ? OptionalLong.of(pid) : OptionalLong.empty();
    }

    public Optional<Integer> port(String name) {
        return Optional.ofNullable(ports.get(name));
    }
}
