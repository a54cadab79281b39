package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformOperationListener;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmListener;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;
import org.tilemark.templates.guest.GuestConfig;

/**
 * Tile VMs on vCenter: cloned from the template with their guest config in {@code guestinfo}, moved by
 * RelocateVM_Task (host: vMotion; datastore: Storage vMotion; both: XvMotion), marked with
 * {@code tilemark.run} in their extraConfig so any later session finds what a run left.
 */
final class VspherePlatform implements Platform {

    private static final String GUEST_BIND = "0.0.0.0";
    private static final String ANY_CLIENT = "0.0.0.0/0";

    static final String INSECURE_WARNING = VspherePlatformProvider.key("insecure") + " is true: vCenter's TLS certificate "
            + "and host name are not checked, so anyone on the path could read the session; results are not publishable";

    private final Vim vim;
    private final Site site;
    private final Readiness readiness;
    private final Map<String, VsphereVm> vms = new ConcurrentHashMap<>();
    /** vCenter names of marked VMs by reference, as last listed. */
    private final Map<String, String> names = new ConcurrentHashMap<>();
    private final VmPower power;
    private final Cloning cloning;
    private final VmFolder folder;
    private final EventWatch events;
    /** The guests' readiness reports, read for every VM booting at once. */
    private final ReadinessWatch readinessWatch;
    private final boolean insecure;
    private final GuestSecrets secrets;
    /** Looked up on first use: most connections (validation, cleanup) never ask for host CPU. */
    private Optional<HostCpu> hostCpu;

    VspherePlatform(Vim vim, Site site, VmFolder folder, Readiness readiness, boolean insecure, String bindAddress) {
        this.vim = vim;
        this.secrets = new GuestSecrets(bindAddress);
        this.site = site;
        this.readiness = readiness;
        this.insecure = insecure;
        this.power = new VmPower(vim);
        this.folder = folder;
        this.cloning = new Cloning(vim, site, folder);
        this.events = new EventWatch(vim, site, vms.values());
        this.readinessWatch = new ReadinessWatch(vim);
    }

    @Override
    public String name() {
        return VspherePlatformProvider.NAME;
    }

    @Override
    public boolean publishable() {
        return readiness == Readiness.GUEST && !insecure;
    }

    @Override
    public List<String> warnings() {
        // Hosts left out and each cluster's DRS and HA state: facts of the run its user must see.
        List<String> lines = new ArrayList<>(insecure ? List.of(INSECURE_WARNING) : List.of());
        lines.addAll(site.disclosures());
        return lines;
    }

    @Override
    public Inventory inventory() {
        return site.inventory();
    }

    @Override
    public Template ensureTemplate(TemplateRequest request) {
        // Every role boots the one guest image; the template was found at connect (cluster.vsphere.template).
        return new Template(site.template().value(), request.role().role(), false);
    }

    @Override
    public Vm deploy(VmSpec spec) throws PlatformException {
        Site.HostRef host = Optional.ofNullable(site.hosts().get(spec.host()))
                .orElseThrow(() -> new PlatformException("VM " + spec.name() + ": no host '" + spec.host() + "' in " + site.hosts().keySet()));
        Site.DatastoreRef datastore = datastore(spec.datastore(), spec.name());
        Vm vm = new Vm(spec.name(), spec.runId(), spec.tile(), spec.role().role(), spec.host(), spec.datastore());
        GuestConfig config = spec.guestConfig(GUEST_BIND, ANY_CLIENT);
        List<Element> extraConfig = List.of(GuestSecrets.atDeploy(config),
                Element.option("extraConfig", Marks.RUN, spec.runId()), Element.option("extraConfig", Marks.VM, spec.name()));
        try {
            // Marked in the clone itself, so a harness killed right after still leaves a VM cleanup finds.
            Mor mor = cloning.clone(VsphereVm.vcenterName(vm), spec.role().size(), host, datastore, extraConfig);
            vms.put(VsphereVm.vcenterName(vm), new VsphereVm(vm, mor, spec.role().ports(), config));
            return vm;
        } catch (VimFault | IOException e) {
            throw new PlatformException("deploying VM " + spec.name() + " on " + spec.host() + "/" + spec.datastore() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void powerOn(Vm vm, Duration timeout) throws PlatformException {
        VsphereVm tracked = require(vm);
        Instant deadline = Instant.now().plus(timeout);
        try {
            // This boot's token for its secrets; a report left by an earlier boot (or the template's) would pass for this boot's.
            List<Element> boot = new ArrayList<>(secrets.atPowerOn(VsphereVm.vcenterName(vm), tracked.config));
            if (readiness == Readiness.GUEST) {
                boot.add(Element.option("extraConfig", Marks.READINESS, ""));
            }
            if (!boot.isEmpty()) {
                vim.runTask(Vim.TASK_TIMEOUT, "ReconfigVM_Task", tracked.mor, Element.of("spec", boot));
            }
            Instant before = vim.currentTime();
            vim.runTask(timeout, "PowerOnVM_Task", tracked.mor);
            tracked.poweredOnAt = before;
            tracked.poweredOnce = true;
            tracked.running = true;
            if (readiness == Readiness.GUEST) {
                try {
                    tracked.endpoints = GuestReport.await(readinessWatch, tracked, deadline);
                } catch (PlatformException e) {
                    // A guest that did not come up is not left running (nor reported as an unexpected stop).
                    tracked.running = false;
                    vim.runTask(Vim.TASK_TIMEOUT, "PowerOffVM_Task", tracked.mor);
                    throw e;
                }
            }
        } catch (VimFault | IOException e) {
            throw new PlatformException("powering on VM " + vm.name() + ": " + e.getMessage(), e);
        } finally {
            secrets.revoke(VsphereVm.vcenterName(vm)); // ready (the guest has fetched them), or failed
        }
    }

    @Override
    public void powerOff(Vm vm, Duration grace) throws PlatformException {
        VsphereVm tracked = require(vm);
        tracked.running = false;
        secrets.revoke(VsphereVm.vcenterName(vm));
        try {
            power.off(tracked.mor, grace);
        } catch (VimFault | IOException e) {
            throw new PlatformException("powering off VM " + vm.name() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void destroy(Vm vm) throws PlatformException {
        VsphereVm tracked = require(vm);
        tracked.running = false; // its power-off is Tilemark's, not an unexpected stop
        try {
            power.remove(tracked.mor);
            vms.remove(VsphereVm.vcenterName(vm));
        } catch (VimFault | IOException e) {
            throw new PlatformException("destroying VM " + vm.name() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public InetSocketAddress endpoint(Vm vm) {
        // endpoints are in the role's port order: the first is the primary one.
        return endpoints(vm).values().stream().findFirst().orElseThrow(() -> new IllegalStateException("VM " + vm.name()
                + " has reported no endpoint (readiness " + readiness.key() + " does not wait for the guest)"));
    }

    @Override
    public Map<String, InetSocketAddress> endpoints(Vm vm) {
        return require(vm).endpoints;
    }

    @Override
    public VmState state(Vm vm) {
        VsphereVm tracked = vms.get(VsphereVm.vcenterName(vm));
        if (tracked == null) {
            return VmState.DESTROYED;
        }
        try {
            if (power.isOn(tracked.mor)) {
                return VmState.RUNNING;
            }
            return tracked.poweredOnce ? VmState.STOPPED : VmState.DEPLOYED;
        } catch (VimFault e) {
            return e.faultType().equals("ManagedObjectNotFound") ? VmState.DESTROYED : VmState.FAILED;
        } catch (IOException e) {
            return VmState.FAILED;
        }
    }

    @Override
    public List<String> leftovers(String runId) {
        try {
            return marked(runId).stream().map(Vim.ObjectProps::obj).map(this::nameOf).toList();
        } catch (VimFault | IOException e) {
            throw new IllegalStateException("vSphere: listing VMs failed: " + e.getMessage(), e);
        }
    }

    @Override
    public List<String> cleanup(String runId) throws PlatformException {
        List<String> removed = new ArrayList<>();
        try {
            for (Vim.ObjectProps vm : marked(runId)) {
                String name = nameOf(vm.obj());
                power.remove(vm.obj());
                vms.remove(name);
                removed.add(name);
            }
            folder.removeIfEmpty();
            return removed;
        } catch (VimFault | IOException e) {
            throw new PlatformException("vSphere cleanup of " + (runId == null ? "all runs" : "run " + runId) + " (removed "
                    + removed + "): " + e.getMessage(), e);
        }
    }

    /** Tilemark's VMs of {@code runId} (of any run when null), found by their extraConfig mark. */
    private List<Vim.ObjectProps> marked(String runId) throws VimFault, IOException {
        List<Vim.ObjectProps> found = new ArrayList<>();
        for (Vim.ObjectProps vm : vim.all(site.datacenter(), "VirtualMachine", List.of("name", "config.extraConfig"))) {
            Optional<String> run = Marks.runOf(vm);
            if (run.isPresent() && (runId == null || run.get().equals(runId))) {
                found.add(new Vim.ObjectProps(vm.obj(), Map.of("name", vm.props().get("name"))));
            }
        }
        found.forEach(vm -> names.put(vm.obj().value(), vm.text("name").orElseThrow()));
        return found;
    }

    private String nameOf(Mor vm) {
        return names.getOrDefault(vm.value(), vm.value());
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.allOf(Capability.class);
    }

    @Override
    public Placement placement(Vm vm) {
        try {
            return placementOf(require(vm));
        } catch (VimFault | IOException e) {
            throw new IllegalStateException("vSphere: reading where VM " + vm.name() + " runs failed: " + e.getMessage(), e);
        }
    }

    private Placement placementOf(VsphereVm vm) throws VimFault, IOException {
        Vim.ObjectProps props = vim.one(vm.mor, List.of("runtime.host", "datastore"));
        Mor host = props.props().get("runtime.host").mor();
        Mor datastore = props.props().get("datastore").children().getFirst().mor();
        return new Placement(site.hostName(host).orElse(host.value()), site.datastoreName(datastore).orElse(datastore.value()));
    }

    @Override
    public Migration migrate(Vm vm, Placement target) throws PlatformException {
        VsphereVm tracked = require(vm);
        Site.HostRef host = Optional.ofNullable(site.hosts().get(target.host()))
                .orElseThrow(() -> new PlatformException("moving VM " + vm.name() + ": no host '" + target.host() + "' in " + site.hosts().keySet()));
        Site.DatastoreRef datastore = datastore(target.datastore(), vm.name());
        try {
            Placement from = placementOf(tracked);
            List<Element> spec = new ArrayList<>();
            if (!from.datastore().equals(target.datastore())) {
                spec.add(Element.ref("datastore", datastore.mor()));
            }
            if (!from.host().equals(target.host())) {
                spec.add(Element.ref("pool", host.pool()));
                spec.add(Element.ref("host", host.mor()));
            }
            vim.runTask(Vim.TASK_TIMEOUT, "RelocateVM_Task", tracked.mor, Element.of("spec", spec), Element.text("priority", "defaultPriority"));
            return new Migration(from, placementOf(tracked), 0, Optional.empty(), Optional.empty(), Marks.BYTES_NOT_REPORTED);
        } catch (VimFault | IOException e) {
            throw new PlatformException("moving VM " + vm.name() + " to " + target + ": " + e.getMessage(), e);
        }
    }

    private Site.DatastoreRef datastore(String name, String vmName) throws PlatformException {
        return Optional.ofNullable(site.datastores().get(name)).orElseThrow(() -> new PlatformException("VM " + vmName
                + ": no datastore '" + name + "' among cluster.vsphere.datastores " + site.datastores().keySet()));
    }

    @Override
    public Optional<Duration> cpuBusy(Set<String> hosts) {
        List<Site.HostRef> named = new ArrayList<>();
        for (String host : hosts) {
            Site.HostRef ref = site.hosts().get(host);
            if (ref == null || hostCpu().isEmpty()) {
                return Optional.empty();
            }
            named.add(ref);
        }
        try {
            return hostCpu().orElseThrow().busy(named);
        } catch (VimFault | IOException | RuntimeException e) {
            return Optional.empty(); // vCenter did not answer with samples: the run's CPU figure stays unknown
        }
    }

    @Override
    public Optional<org.tilemark.infra.platform.VmResourceMeter> resourceMeter() {
        return VmPerformance.find(vim, vm -> Optional.ofNullable(vms.get(VsphereVm.vcenterName(vm))).map(tracked -> tracked.mor));
    }

    /** The PerformanceManager's host CPU counter; none where vCenter refuses the query (the run's CPU figure stays unknown). */
    private synchronized Optional<HostCpu> hostCpu() {
        if (hostCpu == null) {
            try {
                hostCpu = HostCpu.find(vim);
            } catch (VimFault | IOException | RuntimeException e) {
                hostCpu = Optional.empty();
            }
        }
        return hostCpu;
    }

    @Override
    public Duration createAndDeleteDisk(String datastore, String name, long bytes) throws PlatformException {
        return DiskProbe.createAndDelete(vim, site.datacenter(), datastore(datastore, name).name(), name, bytes);
    }

    @Override
    public void onUnexpectedStop(VmListener listener) {
        events.add(listener);
    }

    @Override
    public void onPlatformOperation(PlatformOperationListener listener) {
        events.add(listener);
    }

    private VsphereVm require(Vm vm) {
        VsphereVm tracked = vms.get(VsphereVm.vcenterName(vm));
        if (tracked != null) {
            return tracked;
        }
        // Another session's VM (e.g. a VM of a killed run): find it by its vCenter name.
        try {
            Mor found = vim.all(site.datacenter(), "VirtualMachine", List.of("name")).stream()
                    .filter(props -> props.text("name").orElse("").equals(VsphereVm.vcenterName(vm)))
                    .map(Vim.ObjectProps::obj).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no VM " + VsphereVm.vcenterName(vm) + " in vCenter"));
            VsphereVm adopted = new VsphereVm(vm, found, List.of(), null);
            vms.put(VsphereVm.vcenterName(vm), adopted);
            return adopted;
        } catch (VimFault | IOException e) {
            throw new IllegalStateException("vSphere: looking up VM " + vm.name() + " failed: " + e.getMessage(), e);
        }
    }

    /** This platform's session: what it cost vCenter so far (calls by method, tasks and calls at once). */
    Vim vim() {
        return vim;
    }

    /** The readiness reads made so far: each one read for every VM waiting then. */
    long readinessRounds() {
        return readinessWatch.rounds();
    }

    @Override
    public void close() {
        events.close();
        secrets.close();
        readinessWatch.close();
        try {
            folder.closing();
        } catch (VimFault | IOException | RuntimeException e) {
            // A folder left behind is empty and harmless; cleanup removes it.
        }
        vim.close();
    }
}
