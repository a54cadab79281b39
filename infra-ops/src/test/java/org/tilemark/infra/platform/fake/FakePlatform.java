package org.tilemark.infra.platform.fake;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
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
import org.tilemark.templates.image.GuestImage;

/**
 * The one in-memory test platform of the unit tests of the layers above the platform SPI (the infra
 * operations' loops, the run path), shared through infra-ops' test jar. VMs are entries in
 * a map; it records the lifecycle calls it gets in order and the spec each VM was deployed with, and
 * behaves as a real platform does where the run path depends on it: a VM learns its address only once
 * it is powered on (before that it has no endpoints), a VM may fail to start with its guest's reason,
 * migrations move a VM at once and report its memory as moved unless the test refuses them, and a
 * test can stop a VM as if it had crashed; migrations may be made to take a while, and the most that overlapped is
 * counted. Given {@link Guests}, each powered-on VM also runs a serving guest (the tests module's {@code fake}
 * provider runs a real tile on it so); without, its VMs run nothing, as on vcsim. It passes the platform contract
 * both ways ({@code FakePlatformContractTest} in the tests module), as the real platforms do.
 */
public final class FakePlatform implements Platform {

    /** What the memory of every migrated VM counts as moved. */
    public static final long MIGRATED_BYTES = 512L << 20;

    /** Lifecycle calls in the order they came, e.g. {@code deploy tile1-db}, {@code powerOn tile1-db}. */
    public final List<String> calls;
    /** The spec each VM was last deployed with, by VM name. */
    public final Map<String, VmSpec> specs;

    // What the cluster holds: shared by every connection to it (anotherConnection).
    private final List<String> hosts;
    private final Set<Capability> capabilities;
    private final Map<String, Vm> vms;
    private final Map<String, Placement> placements;
    private final Map<String, VmState> states;
    private final Map<String, Map<String, InetSocketAddress>> addresses;
    private final Map<String, String> startFailures;
    private final Map<String, String> destroyFailures;
    private final Map<String, String> refusingMigration;
    private final List<VmListener> listeners;
    private final AtomicInteger booted;
    private final AtomicInteger migrating;
    private final AtomicInteger migrationsMax;
    private volatile Duration migrationTime = Duration.ZERO;
    private volatile Duration bootTime = Duration.ZERO;
    private volatile GuestImage image;
    /** This connection's guests, or null where its VMs run nothing. */
    private final Guests guests;

    /** {@code hosts} hosts of one core each ({@code host-0}, ...), every datastore of a cluster, and {@code capabilities}. */
    public FakePlatform(int hosts, Set<Capability> capabilities) {
        this(hosts, capabilities, null);
    }

    /** As {@link #FakePlatform(int, Set)}, each powered-on VM running a serving guest of {@code guests}. */
    public FakePlatform(int hosts, Set<Capability> capabilities, Guests guests) {
        this.hosts = IntStream.range(0, hosts).mapToObj(i -> "host-" + i).toList();
        this.capabilities = capabilities.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(capabilities);
        this.calls = Collections.synchronizedList(new ArrayList<>());
        this.specs = new ConcurrentHashMap<>();
        this.vms = new ConcurrentHashMap<>();
        this.placements = new ConcurrentHashMap<>();
        this.states = new ConcurrentHashMap<>();
        this.addresses = new ConcurrentHashMap<>();
        this.startFailures = new ConcurrentHashMap<>();
        this.destroyFailures = new ConcurrentHashMap<>();
        this.refusingMigration = new ConcurrentHashMap<>();
        this.listeners = new CopyOnWriteArrayList<>();
        this.booted = new AtomicInteger();
        this.migrating = new AtomicInteger();
        this.migrationsMax = new AtomicInteger();
        this.guests = guests;
        hearGuestsStop();
    }

    private FakePlatform(FakePlatform cluster, Guests guests) {
        this.hosts = cluster.hosts;
        this.capabilities = cluster.capabilities;
        this.calls = cluster.calls;
        this.specs = cluster.specs;
        this.vms = cluster.vms;
        this.placements = cluster.placements;
        this.states = cluster.states;
        this.addresses = cluster.addresses;
        this.startFailures = cluster.startFailures;
        this.destroyFailures = cluster.destroyFailures;
        this.refusingMigration = cluster.refusingMigration;
        this.listeners = cluster.listeners;
        this.booted = cluster.booted;
        this.migrating = cluster.migrating;
        this.migrationsMax = cluster.migrationsMax;
        this.migrationTime = cluster.migrationTime;
        this.bootTime = cluster.bootTime;
        this.image = cluster.image;
        this.guests = guests;
        hearGuestsStop();
    }

    private void hearGuestsStop() {
        if (guests != null) {
            guests.onUnexpectedStop((vm, cause) -> {
                if (vms.containsKey(vm.name())) {
                    crash(vm.name(), cause);
                }
            });
        }
    }

    /** A new connection to the same cluster, as after a harness restarted: it finds the VMs the first one left. */
    public FakePlatform anotherConnection() {
        return new FakePlatform(this, guests);
    }

    /** A new connection to the same cluster with guests of its own (which find the guests the others started by run). */
    public FakePlatform anotherConnection(Guests connectionGuests) {
        return new FakePlatform(this, connectionGuests);
    }

    /** Powering {@code vm} on fails with {@code reason}, as its guest would report it. */
    public FakePlatform failingToStart(String vm, String reason) {
        startFailures.put(vm, reason);
        return this;
    }

    /** Destroying {@code vm} fails with {@code reason} (its host stopped answering, say); the VM stays. */
    public FakePlatform failingToDestroy(String vm, String reason) {
        destroyFailures.put(vm, reason);
        return this;
    }

    /** A running VM placed on {@code host} and the app datastore, as provisioning leaves it. */
    public Vm running(String name, String role, int tile, String host) {
        Vm vm = new Vm(name, "run-1", tile, role, host, ClusterSpec.APP_DATASTORE);
        vms.put(name, vm);
        placements.put(name, new Placement(host, ClusterSpec.APP_DATASTORE));
        boot(name);
        return vm;
    }

    /** Every VM powered on from now on reports that it runs on {@code image}, as an image's guest does. */
    public FakePlatform booting(GuestImage bootImage) {
        image = bootImage;
        return this;
    }

    @Override
    public Optional<GuestImage> guestImage(Vm vm) {
        if (states.get(vm.name()) != VmState.RUNNING) {
            return Optional.empty();
        }
        return guests != null ? guests.image(vm) : Optional.ofNullable(image);
    }

    /** Every later migration of {@code vm} fails, leaving it where it is. */
    public void refuseMigrationsOf(String vm) {
        refuseMigrationsOf(vm, "migrating " + vm + ": refused by the test");
    }

    /** Every later migration of {@code vm} fails with {@code reason}, leaving it where it is. */
    public void refuseMigrationsOf(String vm, String reason) {
        refusingMigration.put(vm, reason);
    }

    /** Every later migration takes {@code duration} before it completes or fails. */
    public FakePlatform migratingIn(Duration duration) {
        migrationTime = duration;
        return this;
    }

    /** Every later power-on takes {@code duration} before the VM runs (the call is recorded as it starts). */
    public FakePlatform bootingIn(Duration duration) {
        bootTime = duration;
        return this;
    }

    /** The migrations in progress now. */
    public int migrationsUnderWay() {
        return migrating.get();
    }

    /** The most migrations that were in progress at once. */
    public int concurrentMigrationsMax() {
        return migrationsMax.get();
    }

    /** The VM stops as if its guest crashed: listeners hear of it. */
    public void crash(String name, String cause) {
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
    public Template ensureTemplate(TemplateRequest request) throws PlatformException {
        if (guests != null) {
            return guests.ensureTemplate(request);
        }
        return new Template(request.id().cacheKey(), request.role().role(), false);
    }

    @Override
    public Vm deploy(VmSpec spec) throws PlatformException {
        calls.add("deploy " + spec.name());
        specs.put(spec.name(), spec);
        Vm vm = new Vm(spec.name(), spec.runId(), spec.tile(), spec.role().role(), spec.host(), spec.datastore());
        vms.put(spec.name(), vm);
        placements.put(spec.name(), new Placement(spec.host(), spec.datastore()));
        states.put(spec.name(), VmState.DEPLOYED);
        if (guests != null) {
            guests.create(spec);
        }
        return vm;
    }

    @Override
    public void powerOn(Vm vm, Duration timeout) throws PlatformException {
        calls.add("powerOn " + vm.name());
        try {
            Thread.sleep(bootTime.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("VM " + vm.name() + " did not start: interrupted");
        }
        String reason = startFailures.get(vm.name());
        if (reason != null) {
            states.put(vm.name(), VmState.FAILED);
            throw new PlatformException("VM " + vm.name() + " failed to start: " + reason);
        }
        if (guests != null) {
            addresses.put(vm.name(), Map.copyOf(guests.start(vm, timeout)));
            states.put(vm.name(), VmState.RUNNING);
        } else {
            boot(vm.name());
        }
    }

    /** Running, with an address of its own from now on. */
    private void boot(String name) {
        int n = booted.incrementAndGet();
        addresses.put(name, Map.of("main", new InetSocketAddress("10.0.0." + n, 5000 + n)));
        states.put(name, VmState.RUNNING);
    }

    @Override
    public void powerOff(Vm vm, Duration grace) throws PlatformException {
        calls.add("powerOff " + vm.name());
        addresses.remove(vm.name());
        states.put(vm.name(), VmState.STOPPED);
        if (guests != null) {
            guests.stop(vm, grace);
        }
    }

    @Override
    public void destroy(Vm vm) throws PlatformException {
        String refused = destroyFailures.get(vm.name());
        if (refused != null) {
            throw new PlatformException("VM " + vm.name() + ": " + refused);
        }
        forget(vm.name());
        if (guests != null) {
            guests.remove(vm);
        }
    }

    private void forget(String name) {
        calls.add("destroy " + name);
        vms.remove(name);
        placements.remove(name);
        addresses.remove(name);
        states.put(name, VmState.DESTROYED);
    }

    @Override
    public Map<String, InetSocketAddress> endpoints(Vm vm) {
        Map<String, InetSocketAddress> served = addresses.get(vm.name());
        if (served == null) {
            throw new IllegalStateException("VM " + vm.name() + " has no address: it is not powered on");
        }
        return served;
    }

    @Override
    public InetSocketAddress endpoint(Vm vm) {
        return endpoints(vm).get("main");
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
    public List<String> cleanup(String runId) throws PlatformException {
        List<String> removed = leftovers(runId);
        removed.forEach(this::forget);
        if (guests != null) {
            guests.removeAll(runId); // also those another connection started, as after a harness restarted
        }
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
        migrationsMax.accumulateAndGet(migrating.incrementAndGet(), Math::max);
        try {
            Thread.sleep(migrationTime.toMillis());
            String refused = refusingMigration.get(vm.name());
            if (refused != null) {
                throw new PlatformException(refused);
            }
            if (!hosts.contains(target.host()) || !ClusterSpec.DATASTORES.contains(target.datastore())) {
                throw new PlatformException("migrating " + vm.name() + " to " + target + ": no such host or datastore");
            }
            Placement from = placements.put(vm.name(), target);
            return new Migration(from, target, MIGRATED_BYTES, Optional.of(Duration.ofMillis(5)), Optional.empty(),
                    Migration.MODELLED_MEMORY);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("migrating " + vm.name() + ": interrupted", e);
        } finally {
            migrating.decrementAndGet();
        }
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
        if (guests != null) {
            guests.close();
        }
    }
}
