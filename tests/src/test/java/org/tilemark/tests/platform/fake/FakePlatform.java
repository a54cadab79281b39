package org.tilemark.tests.platform.fake;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmListener;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;

/** The fake platform: another platform's VMs under the name {@code fake}, never publishable. */
final class FakePlatform implements Platform {

    private final Platform underneath;
    /** Like a remote platform's connections: once closed, it answers nothing (libvirt: "invalid connection pointer"). */
    private volatile boolean closed;

    FakePlatform(Platform underneath) {
        this.underneath = underneath;
    }

    @Override
    public String name() {
        return FakePlatformProvider.NAME;
    }

    @Override
    public boolean publishable() {
        return false;
    }

    @Override
    public Inventory inventory() {
        if (closed) {
            throw new IllegalStateException("platform fake is closed: inventory asked after close");
        }
        return underneath.inventory();
    }

    @Override
    public Template ensureTemplate(TemplateRequest request) throws PlatformException {
        return underneath.ensureTemplate(request);
    }

    @Override
    public Vm deploy(VmSpec spec) throws PlatformException {
        return underneath.deploy(spec);
    }

    @Override
    public void powerOn(Vm vm, Duration timeout) throws PlatformException {
        underneath.powerOn(vm, timeout);
    }

    @Override
    public void powerOff(Vm vm, Duration grace) throws PlatformException {
        underneath.powerOff(vm, grace);
    }

    @Override
    public void destroy(Vm vm) throws PlatformException {
        underneath.destroy(vm);
    }

    @Override
    public InetSocketAddress endpoint(Vm vm) {
        return underneath.endpoint(vm);
    }

    @Override
    public Map<String, InetSocketAddress> endpoints(Vm vm) {
        return underneath.endpoints(vm);
    }

    @Override
    public VmState state(Vm vm) {
        return underneath.state(vm);
    }

    @Override
    public List<String> leftovers(String runId) {
        return underneath.leftovers(runId);
    }

    @Override
    public List<String> cleanup(String runId) throws PlatformException {
        return underneath.cleanup(runId);
    }

    @Override
    public Set<Capability> capabilities() {
        return underneath.capabilities();
    }

    @Override
    public Placement placement(Vm vm) {
        return underneath.placement(vm);
    }

    @Override
    public Migration migrate(Vm vm, Placement target) throws PlatformException {
        return underneath.migrate(vm, target);
    }

    @Override
    public Optional<Duration> cpuBusy(Set<String> hosts) {
        return underneath.cpuBusy(hosts);
    }

    @Override
    public Duration createAndDeleteDisk(String datastore, String name, long bytes) throws PlatformException {
        return underneath.createAndDeleteDisk(datastore, name, bytes);
    }

    @Override
    public void onUnexpectedStop(VmListener listener) {
        underneath.onUnexpectedStop(listener);
    }

    @Override
    public void close() {
        closed = true;
        underneath.close();
    }
}
