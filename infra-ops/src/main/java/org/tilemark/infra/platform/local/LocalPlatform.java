package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.EnumSet;
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
import org.tilemark.infra.platform.local.GuestLauncher.GuestLaunchRequest;
import org.tilemark.templates.guest.GuestServer;
import org.tilemark.templates.guest.ReadinessReport;

/**
 * The embedded default: this machine is the cluster. Hosts are CPU slots, datastores are
 * directories, a VM is a guest process with its disk directory on its datastore, reached through an
 * endpoint port the platform owns.
 */
final class LocalPlatform implements Platform {

    private static final System.Logger LOG = System.getLogger(LocalPlatform.class.getName());

    /** Guests listen on and admit the loopback: every client (endpoint proxy, harness, peer) runs on this machine. */
    private static final String GUEST_BIND = "127.0.0.1";
    private static final String GUEST_NETWORK = GUEST_BIND + "/32";

    private final LocalSettings settings;
    private final String bindAddress;
    private final List<Host> hosts;
    private final LocalTemplates templates;
    private final VmRegistry registry;
    private final GuestLauncher launcher;
    private final Map<String, LocalVm> vms = new ConcurrentHashMap<>();
    private final List<VmListener> listeners = new CopyOnWriteArrayList<>();
    private final LocalMigrations migrations;
    private final MemoryCgroups memory;

    LocalPlatform(LocalSettings settings, String bindAddress) throws IOException {
        this(settings, bindAddress, GuestLauncher.GUEST_MAIN);
    }

    /** A platform whose VMs run {@code guestMainClass} instead of the guest executable (tests). */
    LocalPlatform(LocalSettings settings, String bindAddress, String guestMainClass) throws IOException {
        this.settings = settings;
        this.bindAddress = bindAddress;
        this.hosts = HostSlots.split(settings.hosts(), Runtime.getRuntime().availableProcessors());
        Path root = settings.workDir().toAbsolutePath().normalize().resolve("local");
        this.registry = new VmRegistry(root.resolve("vms"));
        this.memory = MemoryCgroups.detect(settings.memoryScale());
        this.launcher = new GuestLauncher(settings.pinCpus(), guestMainClass, root.resolve("class-data"),
                GuestLauncher.classPath());
        this.templates = new LocalTemplates(root.resolve("templates"), registry, launcher, hosts.get(0).cpus(), GUEST_BIND, GUEST_NETWORK);
        this.migrations = new LocalMigrations(settings, hosts, registry, launcher.pinning(), new LocalMigrations.Guests() {
            @Override
            public void start(LocalVm vm, Duration timeout) throws PlatformException {
                startGuest(vm, timeout);
            }

            @Override
            public void stop(LocalVm vm, Duration grace) {
                stopGuest(vm, grace);
            }
        });
        // Nothing is created here: templates, VM directories and datastores appear when first written
        // (createDirectories with their parents), so cleanup or leftovers on a fresh machine leave no trace.
    }

    @Override
    public String name() {
        return LocalPlatformProvider.NAME;
    }

    @Override
    public boolean publishable() {
        return false;
    }

    @Override
    public Inventory inventory() {
        List<Inventory.Datastore> datastores = new ArrayList<>();
        settings.datastores().forEach((name, path) -> datastores.add(new Inventory.Datastore(name, path.toAbsolutePath().normalize().toString())));
        datastores.sort((a, b) -> a.name().compareTo(b.name()));
        return new Inventory(hosts.stream().map(Host::neutral).toList(), datastores);
    }

    @Override
    public Template ensureTemplate(TemplateRequest request) throws PlatformException {
        return templates.ensure(request);
    }

    @Override
    public Vm deploy(VmSpec spec) throws PlatformException {
        Host host = hosts.stream().filter(h -> h.name().equals(spec.host())).findFirst()
                .orElseThrow(() -> new PlatformException("VM " + spec.name() + ": unknown host '" + spec.host() + "'"));
        Path datastore = settings.datastores().get(spec.datastore());
        if (datastore == null) {
            throw new PlatformException("VM " + spec.name() + ": unknown datastore '" + spec.datastore() + "'");
        }
        if (vms.containsKey(spec.name())) {
            throw new PlatformException("VM " + spec.name() + " already exists");
        }
        VmDirectory dir = new VmDirectory(datastore.toAbsolutePath().normalize().resolve(spec.runId()).resolve(spec.name()));
        Vm vm = new Vm(spec.name(), spec.runId(), spec.tile(), spec.role().role(), host.name(), spec.datastore());
        VmRegistry.Entry entry = new VmRegistry.Entry(spec.runId(), spec.name(), dir.path());
        try {
            if (Files.exists(dir.path())) {
                throw new PlatformException("VM " + spec.name() + ": directory " + dir.path() + " already exists");
            }
            Files.createDirectories(dir.path());
            registry.add(entry);
            Optional<Path> memoryGroup = memory.create(spec.runId(), spec.name(), spec.role().size());
            long copied = memory.copyDisk(memoryGroup, templates.disk(spec.template().cacheKey()), dir.disk());
            dir.writeGuestConfig(spec.guestConfig(GUEST_BIND, GUEST_NETWORK, memory.localSize(spec.role().size())));
            EndpointProxy.Handoff handoff = EndpointProxy.Handoff.of(spec.role());
            Map<String, EndpointProxy> endpoints = new LinkedHashMap<>();
            for (String port : spec.role().ports()) {
                endpoints.put(port, new EndpointProxy(bindAddress, spec.name() + "-" + port, handoff));
            }
            vms.put(spec.name(), new LocalVm(vm, spec, host, dir, entry, endpoints, copied));
            return vm;
        } catch (IOException e) {
            throw new PlatformException("deploying VM " + spec.name() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("deploying VM " + spec.name() + " was interrupted", e);
        }
    }

    @Override
    public void powerOn(Vm vm, Duration timeout) throws PlatformException {
        LocalVm local = require(vm);
        synchronized (local) {
            startGuest(local, timeout);
        }
    }

    /** Starts the guest from the VM's current directory on its current host; returns once it reports ready. */
    private void startGuest(LocalVm local, Duration timeout) throws PlatformException {
        Vm vm = local.vm();
        try {
            Files.deleteIfExists(local.dir().readinessReport());
            local.expectStop(false);
            Process process = launcher.launch(new GuestLaunchRequest(vm.name(), vm.runId(), local.spec().role().role(),
                    local.spec().role().size(),
                    local.host().cpus(), local.dir(), false), memory.existing(vm.runId(), vm.name()));
            local.started(process);
            watch(vm, local, process);
            ReadinessReport report = local.dir().awaitReport(vm.name(), process, timeout);
            if (!report.isReady()) {
                stopGuest(local, Duration.ofSeconds(5));
                throw new PlatformException("VM " + vm.name() + " failed to start: " + report.reason());
            }
            Map<String, Integer> ports = report.ports();
            for (var endpoint : local.endpoints().entrySet()) {
                Integer port = ports.get(endpoint.getKey());
                if (port == null) {
                    stopGuest(local, Duration.ofSeconds(5));
                    throw new PlatformException("VM " + vm.name() + " did not announce its '" + endpoint.getKey()
                            + "' port (announced: " + ports.keySet() + ")");
                }
                endpoint.getValue().retarget(new InetSocketAddress(GUEST_BIND, port));
            }
            local.servedBy(report.guestServer());
            local.running();
        } catch (IOException e) {
            throw new PlatformException("powering on VM " + vm.name() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("powering on VM " + vm.name() + " was interrupted", e);
        }
    }

    /**
     * Reports the guest's death as soon as it happens. A thread of its own waits for it: {@code
     * Process.onExit()} completes on the common fork-join pool, which a busy harness (or anything
     * that runs blocking work there) can hold for the rest of the run.
     */
    private void watch(Vm vm, LocalVm local, Process process) {
        Thread.ofPlatform().daemon().name("vm-watch-" + vm.name()).start(() -> {
            int exit;
            try {
                exit = process.waitFor();
            } catch (InterruptedException e) {
                return;
            }
            if (!local.stopExpected() && local.process().filter(p -> p == process).isPresent()) {
                local.failed();
                // A VM whose guest died is down as a whole, as when a VM's OS crashes: what the
                // guest started (a database server, which is not its child) goes with it at once. A
                // SIGTERM would let PostgreSQL's smart shutdown serve its open sessions on.
                ProcessSweeper.kill(ProcessSweeper.find(local.guestDir().path()));
                String cause = "guest process exited unexpectedly (exit " + exit + ")";
                listeners.forEach(l -> l.stoppedUnexpectedly(vm, cause));
            }
        });
    }

    @Override
    public void powerOff(Vm vm, Duration grace) throws PlatformException {
        LocalVm local = require(vm);
        synchronized (local) {
            stopGuest(local, grace);
        }
    }

    /** Asks the guest to shut down (SIGTERM), forces it after {@code grace}, and sweeps what it started. */
    private void stopGuest(LocalVm local, Duration grace) {
        VmDirectory guestDir = local.guestDir();
        local.expectStop(true);
        local.process().ifPresent(Process::destroy);
        local.process().ifPresent(p -> {
            try {
                p.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        // Whatever is left (a hung guest, a database it started) goes too.
        ProcessSweeper.stop(ProcessSweeper.find(guestDir.path()), Duration.ofSeconds(5));
        local.stopped();
        if (!guestDir.equals(local.dir())) {
            try {
                registry.recordGuestDirectory(local);
            } catch (IOException e) {
                // cleanup finds no process there and removes the entry then
                LOG.log(System.Logger.Level.WARNING, "{0}: could not update the platform''s registry: {1}", local.vm().name(),
                        e.getMessage());
            }
        }
    }

    @Override
    public List<String> warnings() {
        return memory.warning().stream().toList();
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.allOf(Capability.class);
    }

    @Override
    public Placement placement(Vm vm) {
        return requireUnchecked(vm).placement();
    }

    @Override
    public Migration migrate(Vm vm, Placement target) throws PlatformException {
        LocalVm local = require(vm);
        synchronized (local) {
            return migrations.migrate(local, target);
        }
    }

    @Override
    public void destroy(Vm vm) throws PlatformException {
        LocalVm local = require(vm);
        synchronized (local) {
            // Powered off hard, as libvirt's and vSphere's destroy do: the disks go next, so an orderly shutdown
            // (a database's checkpoint) would only load the VMs that keep running.
            local.expectStop(true);
            ProcessSweeper.killAndAwait(local.guestDir().path(), local.process().map(Process::toHandle));
            local.stopped();
            local.closeEndpoints();
            try {
                Disks.delete(local.dir().path());
                Disks.deleteIfEmpty(local.dir().path().getParent());
                registry.remove(local.entry());
                memory.remove(vm.runId(), vm.name());
            } catch (IOException e) {
                throw new PlatformException("destroying VM " + vm.name() + ": " + e.getMessage(), e);
            } finally {
                vms.remove(vm.name());
            }
        }
    }

    @Override
    public InetSocketAddress endpoint(Vm vm) {
        return requireUnchecked(vm).primary().address();
    }

    @Override
    public Map<String, InetSocketAddress> endpoints(Vm vm) {
        Map<String, InetSocketAddress> result = new LinkedHashMap<>();
        requireUnchecked(vm).endpoints().forEach((name, proxy) -> result.put(name, proxy.address()));
        return result;
    }

    @Override
    public java.util.OptionalLong deployedBytes(Vm vm) {
        return java.util.OptionalLong.of(requireUnchecked(vm).deployedBytes());
    }

    @Override
    public VmState state(Vm vm) {
        LocalVm local = vms.get(vm.name());
        return local == null ? VmState.DESTROYED : local.state();
    }

    @Override
    public List<String> leftovers(String runId) {
        return registry.names(runId);
    }

    @Override
    public Map<String, String> liveRuns() {
        return registry.liveRuns();
    }

    @Override
    public List<String> cleanup(String runId) throws PlatformException {
        List<String> removed = new ArrayList<>();
        try {
            for (VmRegistry.Entry entry : registry.entries(runId)) {
                LocalVm live = vms.remove(entry.vmName());
                if (live != null) {
                    live.expectStop(true);
                    live.closeEndpoints();
                }
                int processes = ProcessSweeper.stop(ProcessSweeper.find(entry.vmDirectory()), Duration.ofSeconds(10));
                Disks.delete(entry.vmDirectory());
                Disks.deleteIfEmpty(entry.vmDirectory().getParent());
                registry.remove(entry);
                memory.remove(entry.runId(), entry.vmName());
                removed.add(entry.runId() + "/" + entry.vmName() + " (" + processes + " processes)");
            }
        } catch (IOException e) {
            throw new PlatformException("cleanup: " + e.getMessage(), e);
        }
        return removed;
    }

    @Override
    public Optional<Duration> cpuBusy(Set<String> hostNames) {
        Set<Integer> cpus = new java.util.TreeSet<>();
        hosts.stream().filter(h -> hostNames.contains(h.name())).forEach(h -> cpus.addAll(h.cpuSet()));
        return ProcStat.busy(cpus);
    }

    @Override
    public Optional<org.tilemark.infra.platform.VmResourceMeter> resourceMeter() {
        return Optional.of(new LocalResourceMeter(name -> Optional.ofNullable(vms.get(name))));
    }

    @Override
    public Duration createAndDeleteDisk(String datastore, String name, long bytes) throws PlatformException {
        Path root = settings.datastores().get(datastore);
        if (root == null) {
            throw new PlatformException("unknown datastore '" + datastore + "'");
        }
        return MetadataDisk.createAndDelete(root.toAbsolutePath().normalize(), name, bytes);
    }

    @Override
    public void onUnexpectedStop(VmListener listener) {
        listeners.add(listener);
    }

    @Override
    public void close() {
        vms.values().forEach(LocalVm::closeEndpoints);
    }

    private LocalVm require(Vm vm) throws PlatformException {
        return Optional.ofNullable(vms.get(vm.name()))
                .orElseThrow(() -> new PlatformException("no VM named " + vm.name() + " on this platform"));
    }

    @Override
    public Optional<GuestServer> guestServer(Vm vm) {
        return requireUnchecked(vm).server();
    }

    private LocalVm requireUnchecked(Vm vm) {
        return Optional.ofNullable(vms.get(vm.name()))
                .orElseThrow(() -> new IllegalArgumentException("no VM named " + vm.name() + " on this platform"));
    }
}
