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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateCatalog;
import org.tilemark.templates.TemplateId;
import org.tilemark.workloads.VmRequest;

/**
 * Deploys the tiles' VMs: builds (or reuses) each template, places VMs round robin over the hosts
 * on the {@code app} datastore, resolves {@code ${endpoint:VM}} and {@code ${endpoint:VM/PORT}}
 * references, and powers VMs on in
 * waves so that a VM starts only after the VMs it refers to serve.
 */
final class TileProvisioner {

    private static final Pattern ENDPOINT_REF = Pattern.compile("\\$\\{endpoint:([^}]+)}");
    static final String APP_DATASTORE = "app";

    private final Platform platform;
    private final String runId;
    private final Duration timeout;
    private final RunEvents events;
    private final Map<String, Template> templates = new HashMap<>();

    TileProvisioner(Platform platform, String runId, Duration timeout, RunEvents events) {
        this.platform = platform;
        this.runId = runId;
        this.timeout = timeout;
        this.events = events;
    }

    /** A deployed VM with the request it came from and its stable endpoints (primary first). */
    record DeployedVm(VmRequest request, Vm vm, Map<String, InetSocketAddress> endpoints, int wave) {

        InetSocketAddress endpoint() {
            return endpoints.values().iterator().next();
        }

        /** {@code NAME} is the primary endpoint, {@code NAME/PORT} a named one. */
        java.util.Optional<InetSocketAddress> endpoint(String reference) {
            int slash = reference.indexOf('/');
            return java.util.Optional.ofNullable(slash < 0 ? endpoint() : endpoints.get(reference.substring(slash + 1)));
        }
    }

    /**
     * Deploys every requested VM, tile by tile, and adds each to {@code deployed} as soon as it exists
     * (for teardown). VMs go round robin over the hosts, continuing after {@code alreadyPlaced} VMs.
     */
    void provision(Map<Integer, List<VmRequest>> requestsByTile, List<DeployedVm> deployed, int alreadyPlaced)
            throws PlatformException {
        List<Inventory.Host> hosts = platform.inventory().hosts();
        int placed = alreadyPlaced;
        Map<String, DeployedVm> byName = new LinkedHashMap<>();
        for (var tile : new TreeMap<>(requestsByTile).entrySet()) {
            for (VmRequest request : tile.getValue()) {
                RoleTemplate role = TemplateCatalog.forRole(request.role());
                Template template = template(role, request);
                Map<String, String> guestInfo = new HashMap<>();
                int wave = 0;
                for (var entry : request.guestInfo().entrySet()) {
                    guestInfo.put(entry.getKey(), resolve(entry.getValue(), byName, request));
                    wave = Math.max(wave, referencedWave(entry.getValue(), byName) + 1);
                }
                String host = hosts.get(placed++ % hosts.size()).name();
                Vm vm = platform.deploy(new VmSpec(request.name(), runId, tile.getKey(), template, role, host,
                        APP_DATASTORE, guestInfo, request.secretEnvironment()));
                DeployedVm done = new DeployedVm(request, vm, platform.endpoints(vm), wave);
                byName.put(request.name(), done);
                deployed.add(done);
            }
        }
        powerOnInWaves(new ArrayList<>(byName.values()));
    }

    private Template template(RoleTemplate role, VmRequest request) throws PlatformException {
        TemplateId id = new TemplateId(role.role(), request.templateInfo());
        Template known = templates.get(id.cacheKey());
        if (known != null) {
            return known;
        }
        long started = System.nanoTime();
        // The template's identity doubles as the build guest's customization: it holds exactly
        // what shapes the disk (data size, seed, user), and no endpoints of a particular run.
        Template template = platform.ensureTemplate(new TemplateRequest(role, id, request.templateInfo(),
                request.secretEnvironment(), timeout));
        if (template.builtNow()) {
            events.add("built template " + template.cacheKey() + " in " + (System.nanoTime() - started) / 1_000_000 + " ms");
        }
        templates.put(id.cacheKey(), template);
        return template;
    }

    private void powerOnInWaves(List<DeployedVm> vms) throws PlatformException {
        int lastWave = vms.stream().mapToInt(DeployedVm::wave).max().orElse(-1);
        try (ExecutorService starters = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int wave = 0; wave <= lastWave; wave++) {
                List<Future<?>> starts = new ArrayList<>();
                for (DeployedVm vm : vms) {
                    if (vm.wave() == wave) {
                        starts.add(starters.submit(() -> {
                            platform.powerOn(vm.vm(), timeout);
                            return null;
                        }));
                    }
                }
                for (Future<?> start : starts) {
                    await(start);
                }
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

    private static String resolve(String value, Map<String, DeployedVm> byName, VmRequest request) throws PlatformException {
        Matcher m = ENDPOINT_REF.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            DeployedVm target = byName.get(vmName(m.group(1)));
            if (target == null) {
                throw new PlatformException("VM " + request.name() + " refers to VM " + m.group(1) + ", which is not deployed before it");
            }
            InetSocketAddress address = target.endpoint(m.group(1)).orElseThrow(() -> new PlatformException(
                    "VM " + request.name() + " refers to endpoint " + m.group(1) + ", which VM " + target.vm().name()
                            + " does not have (it has " + target.endpoints().keySet() + ")"));
            m.appendReplacement(out, Matcher.quoteReplacement(address.getHostString() + ":" + address.getPort()));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String vmName(String reference) {
        int slash = reference.indexOf('/');
        return slash < 0 ? reference : reference.substring(0, slash);
    }

    private static int referencedWave(String value, Map<String, DeployedVm> byName) {
        Matcher m = ENDPOINT_REF.matcher(value);
        int wave = -1;
        while (m.find()) {
            DeployedVm target = byName.get(vmName(m.group(1)));
            if (target != null) {
                wave = Math.max(wave, target.wave());
            }
        }
        return wave;
    }
}
