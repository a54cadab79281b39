package org.tilemark.infra.platform.libvirt;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.time.Duration;
import java.util.Optional;
import org.libvirt.Connect;
import org.libvirt.ConnectAuth;
import org.libvirt.ErrorCallback;
import org.libvirt.LibvirtException;

/**
 * One host's libvirt connection. It also reads the host's CPU counters (virNodeGetCPUStats) and its
 * networks' DHCP leases, which the Java binding does not wrap: those calls go straight to the same
 * libvirt library on this connection.
 */
final class HostConnection extends Connect {

    /** virNodeCPUStats: char field[80]; unsigned long long value. */
    private static final int FIELD_LENGTH = 80;
    private static final int STATS_SIZE = FIELD_LENGTH + Long.BYTES;
    private static final int ALL_CPUS = -1;
    private static final int IPV4 = 0;
    /**
     * libvirt's default error function prints every error on stderr, e.g. "Domain not found" for each lookup on a
     * host a VM has migrated from; the platform reports what matters itself, and every error still reaches it as
     * a {@link LibvirtException} (virGetLastError). The binding's ErrorCallback does nothing. A field: JNA must
     * not collect a callback libvirt holds.
     */
    private static final ErrorCallback QUIET = new ErrorCallback();

    static {
        try {
            Connect.setErrorCallback(QUIET);
        } catch (LibvirtException e) {
            // then libvirt keeps printing its errors: noise, not a fault
        }
    }

    private final String name;
    private final String uri;

    HostConnection(String name, String uri, ConnectAuth auth) throws LibvirtException {
        super(uri, auth, 0);
        this.name = name;
        this.uri = uri;
    }

    String name() {
        return name;
    }

    String uri() {
        return uri;
    }

    /** Busy CPU time of {@code hosts}, each machine counted once (two libvirt daemons on one machine share its CPUs). */
    static Optional<Duration> cpuBusy(java.util.Collection<HostConnection> hosts) {
        Duration total = Duration.ZERO;
        java.util.Set<String> machines = new java.util.TreeSet<>();
        for (HostConnection host : hosts) {
            try {
                if (!machines.add(host.getHostName())) {
                    continue;
                }
            } catch (LibvirtException e) {
                return Optional.empty();
            }
            Optional<Duration> busy = host.cpuBusy();
            if (busy.isEmpty()) {
                return Optional.empty();
            }
            total = total.plus(busy.get());
        }
        return Optional.of(total);
    }

    /** Busy (user + kernel) CPU time of the whole host since it booted, or empty if the host does not say. */
    Optional<Duration> cpuBusy() {
        Pointer connection = vcp.getPointer();
        IntByReference count = new IntByReference(0);
        if (NodeStats.LIBRARY.virNodeGetCPUStats(connection, ALL_CPUS, null, count, 0) < 0 || count.getValue() <= 0) {
            return Optional.empty();
        }
        Memory stats = new Memory((long) STATS_SIZE * count.getValue());
        stats.clear();
        if (NodeStats.LIBRARY.virNodeGetCPUStats(connection, ALL_CPUS, stats, count, 0) < 0) {
            return Optional.empty();
        }
        long busyNanos = 0;
        boolean found = false;
        for (int i = 0; i < count.getValue(); i++) {
            long offset = (long) i * STATS_SIZE;
            String field = stats.getString(offset);
            if (field.equals("user") || field.equals("kernel")) {
                busyNanos += stats.getLong(offset + FIELD_LENGTH);
                found = true;
            }
        }
        return found ? Optional.of(Duration.ofNanos(busyNanos)) : Optional.empty();
    }

    /**
     * The IPv4 address the host's libvirt network {@code network} leased to {@code mac}, if this host's
     * libvirt runs that network's DHCP server (on the others the network is a bridge to it).
     */
    Optional<String> leasedAddress(String network, String mac) {
        Pointer net = NodeStats.LIBRARY.virNetworkLookupByName(vcp.getPointer(), network);
        if (net == null) {
            return Optional.empty();
        }
        try {
            PointerByReference leases = new PointerByReference();
            int count = NodeStats.LIBRARY.virNetworkGetDHCPLeases(net, mac, leases, 0);
            if (count <= 0) {
                return Optional.empty();
            }
            Optional<String> address = Optional.empty();
            Pointer[] array = leases.getValue().getPointerArray(0, count);
            for (Pointer lease : array) {
                // virNetworkDHCPLease on LP64: iface@0 expirytime@8 type@16 mac@24 iaid@32 ipaddr@40 prefix@48 ...
                if (address.isEmpty() && lease.getInt(16) == IPV4) {
                    address = Optional.ofNullable(lease.getPointer(40)).map(p -> p.getString(0));
                }
                NodeStats.LIBRARY.virNetworkDHCPLeaseFree(lease);
            }
            Native.free(Pointer.nativeValue(leases.getValue()));
            return address;
        } finally {
            NodeStats.LIBRARY.virNetworkFree(net);
        }
    }

    void closeQuietly() {
        try {
            close();
        } catch (LibvirtException e) {
            // Closing a connection whose host went away: nothing left to release.
        }
    }

    /** The libvirt calls used that the binding lacks. */
    private interface NodeStats extends Library {
        NodeStats LIBRARY = Native.load("virt", NodeStats.class);

        int virNodeGetCPUStats(Pointer connection, int cpuNum, Pointer params, IntByReference nparams, int flags);

        Pointer virNetworkLookupByName(Pointer connection, String name);

        int virNetworkGetDHCPLeases(Pointer network, String mac, PointerByReference leases, int flags);

        void virNetworkDHCPLeaseFree(Pointer lease);

        int virNetworkFree(Pointer network);
    }
}
