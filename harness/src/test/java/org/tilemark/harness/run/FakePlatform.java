package org.tilemark.harness.run;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.tilemark.config.ClusterSpec;
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
 * The run path's test platform (the layer below it, faked): VMs are entries in a map, migrations move
 * them at once and report the VM's memory as moved, and a test can refuse a VM's migrations or stop a VM
 * as if it had crashed. The real platforms pass the contract suite in the tests module.
 */
final class FakePlatform implements Platform {

    private final List<String> hosts;
    private final Set<Capability> capabilities;
    private final Map<String, Vm> vms = new ConcurrentHashMap<>();
    private final Map<String, Placement> placements = new ConcurrentHashMap<>();
    private final Map<String, VmState> states = new ConcurrentHashMap<>();
    private final Set<String> refusingMigration = ConcurrentHashMap.newKeySet();
    private final List<VmListener> listeners = new CopyOnWriteArrayList<>();

    FakePlatform(int hosts, Set<Capability> capabilities) {
        this.hosts = java.util.stream.IntStream.range(0, hosts).mapToObj(i -> "host-" + i).toList();
        this.capabilities = capabilities.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(capabilities);
    }

    /** A running VM placed on {@code host} and the app datastore, as provisioning leaves it. */
    Vm running(String name, String role, int tile, String host) {
        Vm vm = new Vm(name, "run-1", tile, role, host, ClusterSpec.APP_DATASTORE);
        vms.put(name, vm);
        placements.put(name, new Placement(host, ClusterSpec.APP_DATASTORE));
        states.put(name, VmState.RUNNING);
        return vm;
    }

    /** Every later migration of {@code vm} fails, leaving it where it is. */
    void refuseMigrationsOf(String vm) {
        refusingMigration.add(vm);
    }

    /** The VM stops as if its guest crashed: listeners hear of it. */
    void crash(String name, String cause) {
        states.put(name, VmState.FAILED);
        listeners.forEach(l -> l.stoppedUnexpectedly(vms.get(name), cause));
    }

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public boolean publishable() {
        return false;
    }

    @Override
    public Inventory inventory() {
        return new Inventory(hosts.stream().map(h -> new Inventory.Host(h, 1)).toList(),
                ClusterSpec.DATASTORES.stream().map(d -> new Inventory.Datastore(d, "memory:" + d)).toList());
    }

    @Override
    public Template ensureTemplate(TemplateRequest request) {
        return new Template(request.id().cacheKey(), request.role().role(), false);
    }

    @Override
    public Vm deploy(VmSpec spec) {
        Vm vm = new Vm(spec.name(), spec.runId(), spec.tile(), spec.role().role(), spec.host(), spec.datastore());
        vms.put(spec.name(), vm);
        placements.put(spec.name(), new Placement(spec.host(), spec.datastore()));
        states.put(spec.name(), VmState.DEPLOYED);
        return vm;
    }

    @Override
    public void powerOn(Vm vm, Duration timeout) {
        states.put(vm.name(), VmState.RUNNING);
    }

    @Override
    public void powerOff(Vm vm, Duration grace) {
        states.put(vm.name(), VmState.STOPPED);
    }

    @Override
    public void destroy(Vm vm) {
        vms.remove(vm.name());
        placements.remove(vm.name());
        states.put(vm.name(), VmState.DESTROYED);
    }

    @Override
    public InetSocketAddress endpoint(Vm vm) {
        return InetSocketAddress.createUnresolved("fake", 1);
    }

    @Override
    public Map<String, InetSocketAddress> endpoints(Vm vm) {
        return Map.of("main", endpoint(vm));
    }

    @Override
    public VmState state(Vm vm) {
        return states.getOrDefault(vm.name(), VmState.DESTROYED);
    }

    @Override
    public List<String> leftovers(String runId) {
        return vms.values().stream().filter(vm -> runId == null || vm.runId().equals(runId)).map(Vm::name).toList();
    }

    @Override
    public List<String> cleanup(String runId) {
        List<String> removed = leftovers(runId);
        removed.forEach(name -> destroy(vms.get(name)));
        return removed;
    }

    @Override
    public Set<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public Placement placement(Vm vm) {
        return placements.get(vm.name());
    }

    @Override
    public Migration migrate(Vm vm, Placement target) throws PlatformException {
        Placement from = placements.get(vm.name());
        if (refusingMigration.contains(vm.name())) {
            throw new PlatformException("migrating " + vm.name() + " to " + target + ": refused by the test");
        }
        placements.put(vm.name(), target);
        long memory = 512L << 20;
        return new Migration(from, target, memory, Optional.of(Duration.ofMillis(5)), Optional.empty());
    }

    @Override
    public Optional<Duration> cpuBusy(Set<String> hostNames) {
        return Optional.empty();
    }

    @Override
    public Duration createAndDeleteDisk(String datastore, String name, long bytes) {
        return Duration.ZERO;
    }

    @Override
    public void onUnexpectedStop(VmListener listener) {
        listeners.add(listener);
    }

    @Override
    public void close() {
    }
}
