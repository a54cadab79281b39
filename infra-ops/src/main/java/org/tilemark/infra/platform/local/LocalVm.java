package org.tilemark.infra.platform.local;

import java.util.Map;
import java.util.Optional;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;
import org.tilemark.templates.guest.GuestServer;

/** The local platform's live view of one VM: its files, endpoint, guest process and power state. */
final class LocalVm {

    private final Vm vm;
    private final VmSpec spec;
    private volatile Host host;
    private volatile String datastore;
    private volatile VmDirectory dir;
    private volatile VmRegistry.Entry entry;
    private final Map<String, EndpointProxy> endpoints;
    private volatile Process process;
    /** Where the running guest was started from, when a storage move has since left it running under another directory. */
    private volatile VmDirectory guestDir;
    private volatile VmState state = VmState.DEPLOYED;
    private volatile boolean stopExpected;
    private volatile Optional<GuestServer> server = Optional.empty();

    /** {@code endpoints} by port name, primary first. */
    /** Bytes its deploy copied from the template. */
    private final long deployedBytes;

    LocalVm(Vm vm, VmSpec spec, Host host, VmDirectory dir, VmRegistry.Entry entry, Map<String, EndpointProxy> endpoints,
            long deployedBytes) {
        this.deployedBytes = deployedBytes;
        this.vm = vm;
        this.spec = spec;
        this.host = host;
        this.datastore = spec.datastore();
        this.dir = dir;
        this.entry = entry;
        this.endpoints = endpoints;
    }

    Vm vm() {
        return vm;
    }

    VmSpec spec() {
        return spec;
    }

    Host host() {
        return host;
    }

    String datastore() {
        return datastore;
    }

    org.tilemark.infra.platform.Placement placement() {
        return new org.tilemark.infra.platform.Placement(host.name(), datastore);
    }

    /** After a live migration: same files, another host. */
    void movedTo(Host newHost) {
        host = newHost;
    }

    /** After a storage (or cross) migration: the VM's files live in {@code newDir} on {@code newDatastore}. */
    void movedTo(Host newHost, String newDatastore, VmDirectory newDir, VmRegistry.Entry newEntry) {
        host = newHost;
        datastore = newDatastore;
        dir = newDir;
        entry = newEntry;
    }

    VmDirectory dir() {
        return dir;
    }

    /**
     * The directory the running guest was started from: its processes' command lines name it, so it is
     * how they are found. The VM's directory but after a storage move that kept the guest running.
     */
    VmDirectory guestDir() {
        VmDirectory launched = guestDir;
        return launched != null ? launched : dir;
    }

    VmRegistry.Entry entry() {
        return entry;
    }

    Map<String, EndpointProxy> endpoints() {
        return endpoints;
    }

    EndpointProxy primary() {
        return endpoints.values().iterator().next();
    }

    void closeEndpoints() {
        endpoints.values().forEach(EndpointProxy::close);
    }

    Optional<Process> process() {
        return Optional.ofNullable(process);
    }

    long deployedBytes() {
        return deployedBytes;
    }

    VmState state() {
        return state;
    }

    boolean stopExpected() {
        return stopExpected;
    }

    void expectStop(boolean expected) {
        stopExpected = expected;
    }

    void started(Process started) {
        started(started, dir);
    }

    /** {@code started} runs from {@code launchedFrom}, which may be a directory the VM has since left. */
    void started(Process started, VmDirectory launchedFrom) {
        process = started;
        guestDir = launchedFrom;
    }

    void running() {
        state = VmState.RUNNING;
    }

    /** What the guest said it serves with (its readiness report's server), kept from its last start. */
    void servedBy(Optional<GuestServer> reported) {
        server = reported;
    }

    Optional<GuestServer> server() {
        return server;
    }

    void failed() {
        state = VmState.FAILED;
    }

    /**
     * Stopped as asked: the guest process is forgotten too, so its watcher, however late it wakes (the
     * JDK reaps exits on a thread of its own), never mistakes its exit for the next guest's.
     */
    void stopped() {
        state = VmState.STOPPED;
        process = null;
        guestDir = null;
    }
}
