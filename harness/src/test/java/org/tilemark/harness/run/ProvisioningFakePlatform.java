package org.tilemark.harness.run;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
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

/**
 * A platform for {@link TileProvisionerTest}, which tests the layer above the platform: it records
 * what it is asked in order, and behaves as a real platform does where provisioning order matters —
 * a VM learns its address only once it is powered on (before that it has no endpoints), and a VM may
 * fail to start with its guest's reason.
 */
final class ProvisioningFakePlatform implements Platform {

    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    final Map<String, VmSpec> specs = Collections.synchronizedMap(new HashMap<>());
    private final Map<String, InetSocketAddress> addresses = Collections.synchronizedMap(new HashMap<>());
    private final Map<String, String> failures;
    private int booted;

    /** {@code failures}: VM name to the reason its guest reports when powered on. */
    ProvisioningFakePlatform(Map<String, String> failures) {
        this.failures = Map.copyOf(failures);
    }

    @Override
    public String name() {
        return "provisioning-fake";
    }

    @Override
    public boolean publishable() {
        return false;
    }

    @Override
    public Inventory inventory() {
        return new Inventory(List.of(new Inventory.Host("host-0", 1), new Inventory.Host("host-1", 1)),
                List.of(new Inventory.Datastore("app", "app")));
    }

    @Override
    public Template ensureTemplate(TemplateRequest request) {
        return new Template(request.id().cacheKey(), request.role().role(), false);
    }

    @Override
    public Vm deploy(VmSpec spec) {
        calls.add("deploy " + spec.name());
        specs.put(spec.name(), spec);
        return new Vm(spec.name(), spec.runId(), spec.tile(), spec.role().role(), spec.host(), spec.datastore());
    }

    @Override
    public void powerOn(Vm vm, Duration timeout) throws PlatformException {
        calls.add("powerOn " + vm.name());
        String reason = failures.get(vm.name());
        if (reason != null) {
            throw new PlatformException("VM " + vm.name() + " failed to start: " + reason);
        }
        synchronized (this) {
            addresses.put(vm.name(), new InetSocketAddress("10.0.0." + (++booted), 5000 + booted));
        }
    }

    @Override
    public Map<String, InetSocketAddress> endpoints(Vm vm) {
        InetSocketAddress address = addresses.get(vm.name());
        if (address == null) {
            throw new IllegalStateException("VM " + vm.name() + " has no address before it boots");
        }
        return Map.of("main", address);
    }

    @Override
    public InetSocketAddress endpoint(Vm vm) {
        return endpoints(vm).get("main");
    }

    @Override
    public VmState state(Vm vm) {
        return addresses.containsKey(vm.name()) ? VmState.RUNNING : VmState.DEPLOYED;
    }

    @Override
    public void powerOff(Vm vm, Duration grace) {
        throw new UnsupportedOperationException("not used by provisioning");
    }

    @Override
    public void destroy(Vm vm) {
        throw new UnsupportedOperationException("not used by provisioning");
    }

    @Override
    public List<String> leftovers(String runId) {
        return List.of();
    }

    @Override
    public List<String> cleanup(String runId) {
        return List.of();
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.noneOf(Capability.class);
    }

    @Override
    public Placement placement(Vm vm) {
        throw new UnsupportedOperationException("not used by provisioning");
    }

    @Override
    public Migration migrate(Vm vm, Placement target) {
        throw new UnsupportedOperationException("not used by provisioning");
    }

    @Override
    public Optional<Duration> cpuBusy(Set<String> hosts) {
        return Optional.empty();
    }

    @Override
    public Duration createAndDeleteDisk(String datastore, String name, long bytes) {
        throw new UnsupportedOperationException("not used by provisioning");
    }

    @Override
    public void onUnexpectedStop(VmListener listener) {
    }

    @Override
    public void close() {
    }
}
