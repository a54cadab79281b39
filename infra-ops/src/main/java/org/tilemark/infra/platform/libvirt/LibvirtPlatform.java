package org.tilemark.infra.platform.libvirt;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;
import org.libvirt.NodeInfo;
import org.libvirt.StoragePool;
import org.libvirt.StorageVol;
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
import org.tilemark.templates.guest.ReadinessReport;
import org.tilemark.templates.guest.GuestServer;
import org.tilemark.templates.image.GuestImage;

/**
 * A libvirt cluster: hosts are libvirt connections, datastores are storage pools every host sees, a VM
 * is a domain cloned from the guest image with its guest config on a NoCloud volume. Its endpoints are
 * its own address on the cluster network, which stays when it migrates.
 */
final class LibvirtPlatform implements Platform {

    /** Guests listen on every interface and admit the cluster network; the harness reaches them there. */
    private static final String GUEST_BIND = "0.0.0.0";
    private static final String ANY_CLIENT = "0.0.0.0/0";

    private final LibvirtSettings settings;
    private final Map<String, HostConnection> hosts;
    private final CloneMode cloneMode;
    private final DomainType domainType;
    private final LibvirtMigrations migrations;
    private final Map<String, LibvirtVm> vms = new ConcurrentHashMap<>();
    private final Map<String, Map<String, String>> buildInfo = new ConcurrentHashMap<>();
    private final StopEvents stopEvents = new StopEvents(vms.values());
    private final HostWatch hostWatch = new HostWatch(stopEvents::hostLost);
    private final GuestStartup startup;
    private final Leftovers leftovers;

    LibvirtPlatform(LibvirtSettings settings, Map<String, HostConnection> hosts) throws LibvirtException {
        this.settings = settings;
        this.hosts = hosts;
        this.cloneMode = SettingValues.of(CloneMode.class, settings.cloneMode()).orElseThrow();
        this.domainType = SettingValues.of(DomainType.class, settings.domainType()).orElseThrow();
        this.migrations = new LibvirtMigrations(hosts, settings.pools(), settings.unsafeMigration(), new MigrationNetwork(settings.migration()));
        this.startup = new GuestStartup(hosts.values(), NicSource.of(settings));
        this.leftovers = new Leftovers(hosts.values(), vmName -> {
            LibvirtVm live = vms.remove(vmName);
            if (live != null) {
                live.expectStop(true);
            }
        });
        for (HostConnection host : hosts.values()) {
            stopEvents.listenTo(host);
            hostWatch.watch(host);
        }
    }

    @Override
    public String name() {
        return LibvirtPlatformProvider.NAME;
    }

    @Override
    public boolean publishable() {
        return Unpublishable.reasons(settings).isEmpty();
    }

    @Override
    public List<String> warnings() {
        return Unpublishable.reasons(settings);
    }

    @Override
    public Inventory inventory() {
        List<Inventory.Host> found = new ArrayList<>();
        for (HostConnection host : hosts.values()) {
            try {
                NodeInfo node = host.nodeInfo(); // as virsh nodeinfo: cores per socket, threads per core
                found.add(new Inventory.Host(host.name(), node.nodes * node.sockets * node.cores, node.cpus));
            } catch (LibvirtException e) {
                throw new IllegalStateException("host " + host.name() + ": " + ClusterCheck.message(e), e);
            }
        }
        List<Inventory.Datastore> datastores = new ArrayList<>();
        settings.pools().forEach((datastore, pool) -> datastores.add(new Inventory.Datastore(datastore, "libvirt pool " + pool)));
        datastores.sort((a, b) -> a.name().compareTo(b.name()));
        return new Inventory(found, datastores);
    }

    /** Every role is in the one guest image: the template is the base image; what a build would be told goes into the guest config. */
    @Override
    public Template ensureTemplate(TemplateRequest request) throws PlatformException {
        try {
            baseImage(hosts.values().iterator().next());
        } catch (LibvirtException e) {
            throw new PlatformException("template " + request.id().cacheKey() + ": base image " + settings.baseImage().volume()
                    + " not found: " + ClusterCheck.message(e), e);
        }
        buildInfo.put(request.id().cacheKey(), request.buildInfo());
        return new Template(request.id().cacheKey(), request.role().role(), false);
    }

    @Override
    public Vm deploy(VmSpec spec) throws PlatformException {
        HostConnection host = hosts.get(spec.host());
        if (host == null) {
            throw new PlatformException("VM " + spec.name() + ": unknown host '" + spec.host() + "'");
        }
        answering(spec.name(), spec.host());
        String poolName = settings.pools().get(spec.datastore());
        if (poolName == null) {
            throw new PlatformException("VM " + spec.name() + ": unknown datastore '" + spec.datastore() + "'");
        }
        if (vms.containsKey(spec.name())) {
            throw new PlatformException("VM " + spec.name() + " already exists");
        }
        TilemarkTag tag = new TilemarkTag(spec.runId(), spec.tile(), spec.role().role(), spec.name());
        List<StorageVol> created = new ArrayList<>();
        try {
            StoragePool pool = host.storagePoolLookupByName(poolName);
            StorageVol disk = Volumes.createDisk(pool, tag.volumePrefix() + Volumes.DISK, baseImage(host), cloneMode,
                    Volumes.gib(spec.role().size().diskGb()));
            created.add(disk);
            Map<String, String> roleSettings = new HashMap<>(buildInfo.getOrDefault(spec.template().cacheKey(), Map.of()));
            roleSettings.putAll(spec.settings());
            VmSpec told = new VmSpec(spec.name(), spec.runId(), spec.tile(), spec.template(), spec.role(), spec.host(), spec.datastore(),
                    roleSettings, spec.peers(), spec.secrets());
            StorageVol seed = Volumes.uploadSeed(host, pool, tag.volumePrefix() + Volumes.SEED, told.guestConfig(GUEST_BIND, ANY_CLIENT));
            created.add(seed);
            StorageVol console = Volumes.createEmpty(pool, tag.volumePrefix() + Volumes.CONSOLE, "raw", 0);
            created.add(console);
            String mac = DomainXml.randomMac();
            host.domainDefineXML(new DomainXml(tag, spec.role().size(), domainType, disk.getPath(), "qcow2", seed.getPath(),
                    console.getPath(), NicSource.of(settings), mac).xml());
            Vm vm = new Vm(spec.name(), spec.runId(), spec.tile(), spec.role().role(), spec.host(), spec.datastore());
            vms.put(spec.name(), new LibvirtVm(vm, spec, tag, mac, poolName, disk.getInfo().allocation));
            return vm;
        } catch (LibvirtException | IOException e) {
            for (StorageVol volume : created) {
                Leftovers.deleteQuietly(volume);
            }
            throw new PlatformException("deploying VM " + spec.name() + " on host " + spec.host() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void powerOn(Vm vm, Duration timeout) throws PlatformException {
        LibvirtVm local = require(vm);
        synchronized (local) {
            long deadline = System.nanoTime() + timeout.toNanos();
            try {
                HostConnection host = hosts.get(local.placement().host());
                Domain domain = host.domainLookupByName(local.tag().domainName());
                domain.create();
                // Only now: a stop event of the previous boot that libvirt delivers late is still an expected one.
                local.expectStop(false);
                try {
                    ReadinessReport report = startup.awaitReport(host, domain, local, deadline, timeout);
                    local.serving(GuestStartup.endpoints(local, report, startup.awaitAddress(host, local, report, deadline, timeout)),
                            report.guestImage());
                    local.servedBy(report.guestServer());
                } catch (PlatformException e) {
                    local.stop(domain, Duration.ZERO);
                    throw e;
                }
            } catch (LibvirtException e) {
                throw new PlatformException("powering on VM " + vm.name() + ": " + ClusterCheck.message(e), e);
            }
        }
    }

    @Override
    public void powerOff(Vm vm, Duration grace) throws PlatformException {
        LibvirtVm local = require(vm);
        synchronized (local) {
            try {
                local.stop(domain(local), grace);
            } catch (LibvirtException e) {
                throw new PlatformException("powering off VM " + vm.name() + ": " + ClusterCheck.message(e), e);
            }
        }
    }

    @Override
    public void destroy(Vm vm) throws PlatformException {
        LibvirtVm local = require(vm);
        synchronized (local) {
            try {
                HostConnection host = hosts.get(local.placement().host());
                Domain domain = host.domainLookupByName(local.tag().domainName());
                local.stop(domain, Duration.ZERO);
                domain.undefine();
                for (StorageVol volume : Volumes.named(host, local.tag().volumePrefix())) {
                    volume.delete(0);
                }
            } catch (LibvirtException e) {
                throw new PlatformException("destroying VM " + vm.name() + ": " + ClusterCheck.message(e), e);
            } finally {
                vms.remove(vm.name());
            }
        }
    }

    @Override
    public InetSocketAddress endpoint(Vm vm) {
        return endpoints(vm).get(requireUnchecked(vm).spec().role().ports().getFirst());
    }

    @Override
    public java.util.OptionalLong deployedBytes(Vm vm) {
        return java.util.OptionalLong.of(requireUnchecked(vm).deployedBytes());
    }

    @Override
    public Optional<GuestImage> guestImage(Vm vm) {
        return requireUnchecked(vm).guestImage();
    }

    @Override
    public Optional<GuestServer> guestServer(Vm vm) {
        return requireUnchecked(vm).guestServer();
    }

    @Override
    public Map<String, InetSocketAddress> endpoints(Vm vm) {
        LibvirtVm local = requireUnchecked(vm);
        if (!local.started()) {
            throw new IllegalStateException("VM " + vm.name() + " has not been powered on: its address is not known yet");
        }
        return local.endpoints();
    }

    @Override
    public VmState state(Vm vm) {
        LibvirtVm local = vms.get(vm.name());
        if (local == null) {
            return VmState.DESTROYED;
        }
        if (local.failed()) {
            return VmState.FAILED;
        }
        try {
            if (domain(local).isActive() == 1) {
                return VmState.RUNNING;
            }
        } catch (LibvirtException e) {
            return VmState.FAILED;
        }
        return local.started() ? VmState.STOPPED : VmState.DEPLOYED;
    }

    @Override
    public List<String> leftovers(String runId) {
        try {
            return new ArrayList<>(leftovers.find(runId).keySet());
        } catch (LibvirtException e) {
            throw new IllegalStateException("leftovers: " + ClusterCheck.message(e), e);
        }
    }

    @Override
    public List<String> cleanup(String runId) throws PlatformException {
        try {
            Map<String, Runnable> found = leftovers.find(runId);
            List<String> removed = new ArrayList<>();
            for (var entry : found.entrySet()) {
                entry.getValue().run();
                removed.add(entry.getKey());
            }
            return removed;
        } catch (LibvirtException | IllegalStateException e) {
            throw new PlatformException("cleanup: " + e.getMessage(), e);
        }
    }

    @Override
    public Set<Capability> capabilities() {
        Set<Capability> capabilities = EnumSet.of(Capability.STORAGE_MIGRATION);
        if (hosts.size() > 1) {
            capabilities.add(Capability.LIVE_MIGRATION);
            capabilities.add(Capability.CROSS_MIGRATION);
        }
        return capabilities;
    }

    @Override
    public Placement placement(Vm vm) {
        return requireUnchecked(vm).placement();
    }

    @Override
    public Migration migrate(Vm vm, Placement target) throws PlatformException {
        LibvirtVm local = require(vm);
        answering(vm.name(), target.host());
        synchronized (local) {
            return migrations.migrate(local, target);
        }
    }

    @Override
    public Optional<Duration> cpuBusy(Set<String> hostNames) {
        List<HostConnection> named = new ArrayList<>();
        for (String name : hostNames) {
            if (!hosts.containsKey(name)) {
                return Optional.empty();
            }
            named.add(hosts.get(name));
        }
        return HostConnection.cpuBusy(named);
    }

    @Override
    public Duration createAndDeleteDisk(String datastore, String name, long bytes) throws PlatformException {
        String pool = settings.pools().get(datastore);
        if (pool == null) {
            throw new PlatformException("unknown datastore '" + datastore + "'");
        }
        try {
            return Volumes.createAndDeleteThick(hosts.values().iterator().next().storagePoolLookupByName(pool),
                    TilemarkTag.runPrefix(null) + "disk-" + name, bytes);
        } catch (LibvirtException e) {
            throw new PlatformException("creating a " + bytes + "-byte disk in pool " + pool + ": " + ClusterCheck.message(e), e);
        }
    }

    @Override
    public void onUnexpectedStop(VmListener listener) {
        stopEvents.add(listener);
    }

    @Override
    public void close() {
        hosts.values().forEach(stopEvents::stopListening);
        hosts.values().forEach(hostWatch::stopWatching);
        hosts.values().forEach(HostConnection::closeQuietly);
    }

    @Override
    public Optional<org.tilemark.infra.platform.VmResourceMeter> resourceMeter() {
        return Optional.of(LibvirtResourceMeter.of(vms, hosts));
    }

    private Domain domain(LibvirtVm vm) throws LibvirtException {
        return hosts.get(vm.placement().host()).domainLookupByName(vm.tag().domainName());
    }

    private StorageVol baseImage(HostConnection host) throws LibvirtException {
        return host.storagePoolLookupByName(settings.baseImage().pool()).storageVolLookupByName(settings.baseImage().volume());
    }

    private void answering(String vmName, String host) throws PlatformException {
        Optional<String> lost = hostWatch.lost(host);
        if (lost.isPresent()) {
            throw new PlatformException("VM " + vmName + ": " + lost.get());
        }
    }

    /** The VM, if its host still answers (an operation on a lost host fails naming the host, without waiting on it). */
    private LibvirtVm require(Vm vm) throws PlatformException {
        LibvirtVm local = vms.get(vm.name());
        if (local == null) {
            throw new PlatformException("no VM named " + vm.name() + " on this platform");
        }
        answering(vm.name(), local.placement().host());
        return local;
    }

    private LibvirtVm requireUnchecked(Vm vm) {
        LibvirtVm local = vms.get(vm.name());
        if (local == null) {
            throw new IllegalArgumentException("no VM named " + vm.name() + " on this platform");
        }
        return local;
    }
}
