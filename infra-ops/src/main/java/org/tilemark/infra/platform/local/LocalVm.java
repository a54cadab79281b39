package org.tilemark.infra.platform.local;

import java.util.Map;
import java.util.Optional;
import org.tilemark.infra.platform.Inventory.Host;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;

/** The local platform's live view of one VM: its files, endpoint, guest process and power state. */
final class LocalVm {

    private final Vm vm;
    private final VmSpec spec;
    private final Host host;
    private final VmDirectory dir;
    private final VmRegistry.Entry entry;
    private final Map<String, EndpointProxy> endpoints;
    private volatile Process process;
    private volatile VmState state = VmState.DEPLOYED;
    private volatile boolean stopExpected;

    /** {@code endpoints} by port name, primary first. */
    LocalVm(Vm vm, VmSpec spec, Host host, VmDirectory dir, VmRegistry.Entry entry, Map<String, EndpointProxy> endpoints) {
        this.vm = vm;
        this.spec = spec;
        this.host = host;
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

    VmDirectory dir() {
        return dir;
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
        process = started;
    }

    void running() {
        state = VmState.RUNNING;
    }

    void failed() {
        state = VmState.FAILED;
    }

    void stopped() {
        state = VmState.STOPPED;
    }
}
