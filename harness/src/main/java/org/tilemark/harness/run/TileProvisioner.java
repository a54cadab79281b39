package org.tilemark.harness.run;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.templates.guest.HostPort;
import org.tilemark.workloads.VmRequest;

/**
 * Deploys the tiles' VMs in dependency order: builds (or reuses) each template, places VMs round
 * robin over the hosts on the {@code app} datastore, and deploys and powers on wave by wave, a VM
 * only once the peers it needs are up, giving it their addresses as the platform reports them then
 * (on a real platform a VM learns its address when it boots).
 */
final class TileProvisioner {

    static final String APP_DATASTORE = "app";

    private final Platform platform;
    private final String runId;
    private final Duration timeout;
    private final RunEvents events;
    private final Runnable vmReady;
    private final Map<String, Template> templates = new HashMap<>();

    /** @param vmReady told each time a VM's guest reported ready (a progress bar) */
    TileProvisioner(Platform platform, String runId, Duration timeout, RunEvents events, Runnable vmReady) {
        this.platform = platform;
        this.runId = runId;
        this.timeout = timeout;
        this.events = events;
        this.vmReady = vmReady;
    }

    /** A deployed VM with the request it came from and its stable endpoints (primary first; empty until it is up). */
    record DeployedVm(VmRequest request, Vm vm, Map<String, InetSocketAddress> endpoints) {

        InetSocketAddress endpoint() {
            return endpoints.values().iterator().next();
        }
    }

    /** One VM to provision: its request, tile, host, and the wave it starts in (after every wave its peers start in). */
    private record Planned(VmRequest request, int tile, String host, int wave) {
    }

    /**
     * Deploys every requested VM and adds each to {@code deployed} as soon as it exists (for
     * teardown); once all are up, {@code deployed} lists them tile by tile in request order. VMs go
     * round robin over the hosts, continuing after {@code alreadyPlaced} VMs.
     */
    void provision(Map<Integer, List<VmRequest>> requestsByTile, List<DeployedVm> deployed, int alreadyPlaced)
            throws PlatformException {
        List<Planned> plan = plan(requestsByTile, platform.inventory().hosts(), alreadyPlaced);
        Map<String, DeployedVm> byName = new LinkedHashMap<>();
        int lastWave = plan.stream().mapToInt(Planned::wave).max().orElse(-1);
        for (int wave = 0; wave <= lastWave; wave++) {
            List<Vm> starting = new ArrayList<>();
            for (Planned vm : plan) {
                if (vm.wave() == wave) {
                    DeployedVm done = new DeployedVm(vm.request(), deploy(vm, byName), Map.of());
                    byName.put(vm.request().name(), done);
                    deployed.add(done);
                    starting.add(done.vm());
                }
            }
            powerOn(starting);
            for (Vm up : starting) {
                // Endpoints are known once a VM is up (a real VM learns its address when it boots).
                DeployedVm before = byName.get(up.name());
                DeployedVm after = new DeployedVm(before.request(), up, platform.endpoints(up));
                byName.put(up.name(), after);
                deployed.set(deployed.indexOf(before), after);
            }
        }
        deployed.removeAll(byName.values());
        plan.forEach(vm -> deployed.add(byName.get(vm.request().name())));
    }

    /** Hosts in request order (tile by tile), waves from the peers each VM names. */
    private static List<Planned> plan(Map<Integer, List<VmRequest>> requestsByTile, List<Inventory.Host> hosts, int alreadyPlaced)
            throws PlatformException {
        Map<String, Integer> waves = new HashMap<>();
        List<Planned> plan = new ArrayList<>();
        int placed = alreadyPlaced;
        for (var tile : new TreeMap<>(requestsByTile).entrySet()) {
            for (VmRequest request : tile.getValue()) {
                int wave = 0;
                for (String peer : request.peers()) {
                    Integer peerWave = waves.get(peer);
                    if (peerWave == null) {
                        throw new PlatformException("VM " + request.name() + " needs VM " + peer
                                + ", which is not requested before it");
                    }
                    wave = Math.max(wave, peerWave + 1);
                }
                waves.put(request.name(), wave);
                plan.add(new Planned(request, tile.getKey(), hosts.get(placed++ % hosts.size()).name(), wave));
            }
        }
        return plan;
    }

    private Vm deploy(Planned planned, Map<String, DeployedVm> up) throws PlatformException {
        VmRequest request = planned.request();
        RoleTemplate role = RoleCatalog.forRole(request.role());
        Map<String, Map<String, HostPort>> peers = new TreeMap<>();
        for (String peer : request.peers()) {
            Map<String, HostPort> ports = new LinkedHashMap<>();
            up.get(peer).endpoints().forEach((port, address) -> ports.put(port, new HostPort(address.getHostString(), address.getPort())));
            peers.put(peer, ports);
        }
        return platform.deploy(new VmSpec(request.name(), runId, planned.tile(), template(role, request), role, planned.host(),
                APP_DATASTORE, request.settings(), peers, request.secrets()));
    }

    private Template template(RoleTemplate role, VmRequest request) throws PlatformException {
        TemplateId id = new TemplateId(role.role(), request.templateInfo());
        Template known = templates.get(id.cacheKey());
        if (known != null) {
            return known;
        }
        long started = System.nanoTime();
        // The template's identity doubles as the build guest's settings: it holds exactly what
        // shapes the disk (data size, seed, user), and no peers of a particular run.
        Template template = platform.ensureTemplate(new TemplateRequest(role, id, request.templateInfo(),
                request.secrets(), timeout));
        if (template.builtNow()) {
            events.add("built template " + template.cacheKey() + " in " + (System.nanoTime() - started) / 1_000_000 + " ms");
        }
        templates.put(id.cacheKey(), template);
        return template;
    }

    /**
     * Powers the VMs of one wave on together; the first failure (a guest's reported reason, a timeout) fails the
     * provisioning. Each VM's time from power-on to its ready report is an event of the run (its boot time, which
     * on a slow cluster or under emulation is most of a tile's provisioning).
     */
    private void powerOn(List<Vm> vms) throws PlatformException {
        try (ExecutorService starters = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> starts = new ArrayList<>();
            for (Vm vm : vms) {
                starts.add(starters.submit(() -> {
                    long started = System.nanoTime();
                    platform.powerOn(vm, timeout);
                    events.add(new VmBoot(vm.name(), vm.role(), vm.tile(), vm.host(),
                            Duration.ofNanos(System.nanoTime() - started)).sentence());
                    vmReady.run();
                    return null;
                }));
            }
            for (Future<?> start : starts) {
                await(start);
            }
        }
    }

    private static void await(Future<?> start) throws PlatformException {
        try {
            start.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof PlatformException p) {
                throw p;
            }
            throw new PlatformException("powering on failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("provisioning was interrupted", e);
        }
    }
}
