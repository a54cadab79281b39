package org.tilemark.infra.platform.vsphere;

import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.tilemark.infra.platform.Vm;
import org.tilemark.templates.guest.GuestConfig;

/**
 * A VM this connection deployed or found: its vCenter reference, whether it was ever powered on (a VM
 * never powered on is {@code DEPLOYED}, one powered off since is {@code STOPPED}), whether this
 * connection powered it off itself (so the watcher does not report that as unexpected), and the
 * endpoints its guest reported.
 */
final class VsphereVm {

    /** The VM's name in vCenter: unique per run, recognizable in the vSphere client. */
    static String vcenterName(Vm vm) {
        return vcenterName(vm.runId(), vm.name());
    }

    static String vcenterName(String runId, String name) {
        return "tm-" + runId + "-" + name;
    }

    final Vm vm;
    final Mor mor;
    /** The role's port names, primary first (none for a VM found from another session). */
    final List<String> ports;
    volatile boolean poweredOnce;
    volatile boolean running;
    /**
     * vCenter's time just before Tilemark last powered the VM on: a stop event created before it is of an
     * earlier power-off (the event stream is read late), not of the VM running now.
     */
    volatile Instant poweredOnAt = Instant.MIN;
    volatile Map<String, InetSocketAddress> endpoints = Map.of();
    /** What its guest is told, secrets included (held here only); null for a VM found from another session. */
    final GuestConfig config;

    VsphereVm(Vm vm, Mor mor, List<String> ports, GuestConfig config) {
        this.vm = vm;
        this.mor = mor;
        this.ports = List.copyOf(ports);
        this.config = config;
    }
}
