package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.PlatformSettingException;

/**
 * What the settings name, found in vCenter once at connect: the datacenter, its hosts (with the resource
 * pool of the cluster each belongs to), the harness's datastores and the template. A name that is not
 * there is a {@link PlatformSettingException} naming its key. {@code baseSnapshot} is the template's current
 * snapshot, if it has one ({@code image push} makes it): tile VMs are then linked clones of it; {@code templateDisk}
 * its first virtual disk as vCenter describes it, which a clone grows to its role's size. A host in maintenance
 * mode or not connected is not used; {@code notUsed} says why, and {@code clusters} each used cluster's DRS and HA state.
 */
record Site(Mor datacenter, Mor vmFolder, Map<String, HostRef> hosts, Map<String, DatastoreRef> datastores, Mor template,
            Optional<Mor> baseSnapshot, Optional<Node> templateDisk, Map<Integer, Networks.Target> networks, List<Node> templateNics,
            List<Inventory.HostNotUsed> notUsed, List<Inventory.Cluster> clusters) {

    record HostRef(Mor mor, int cores, Mor pool) {
    }

    /** @param name the datastore's vSphere name; {@code url} its location as vCenter reports it */
    record DatastoreRef(Mor mor, String name, String url) {
    }

    static Site find(Vim vim, VsphereSettings settings) throws VimFault, IOException, PlatformSettingException {
        Site site = withoutTemplate(vim, settings);
        Mor template = vim.all(site.datacenter(), "VirtualMachine", List.of("name")).stream()
                .filter(vm -> vm.text("name").orElse("").equals(settings.template())).map(Vim.ObjectProps::obj).findFirst()
                .orElseThrow(() -> new PlatformSettingException(VspherePlatformProvider.key("template") + ": no VM or template '"
                        + settings.template() + "' in datacenter '" + settings.datacenter() + "'"));
        Vim.ObjectProps read = vim.one(template, List.of("snapshot.currentSnapshot", Cloning.DEVICES));
        Optional<Mor> snapshot = Optional.ofNullable(read.props().get("snapshot.currentSnapshot")).map(Node::mor);
        List<Node> nics = Networks.nics(read.props().get(Cloning.DEVICES));
        return new Site(site.datacenter(), site.vmFolder(), site.hosts(), site.datastores(), template, snapshot,
                Cloning.firstDisk(read.props().get(Cloning.DEVICES)), Networks.find(vim, site.datacenter(), nics, settings.networks()),
                nics, site.notUsed(), site.clusters());
    }

    /** The site before its template exists (an image import makes it): {@code template} is null. */
    static Site withoutTemplate(Vim vim, VsphereSettings settings) throws VimFault, IOException, PlatformSettingException {
        Vim.ObjectProps dc = vim.all(vim.rootFolder(), "Datacenter", List.of("name", "vmFolder")).stream()
                .filter(found -> found.text("name").orElse("").equals(settings.datacenter())).findFirst()
                .orElseThrow(() -> new PlatformSettingException(VspherePlatformProvider.key("datacenter")
                        + ": no datacenter '" + settings.datacenter() + "' in vCenter"));
        Map<String, Mor> pools = new LinkedHashMap<>();
        List<Inventory.HostNotUsed> notUsed = new ArrayList<>();
        List<Inventory.Cluster> clusters = new ArrayList<>();
        Map<String, Mor> named = namedPools(vim, dc.obj(), settings.resourcePool());
        Map<String, String> elsewhere = new LinkedHashMap<>();
        for (Vim.ObjectProps compute : vim.all(dc.obj(), "ComputeResource", List.of("name", "resourcePool", "configurationEx"))) {
            String computeName = compute.text("name").orElse(compute.obj().value());
            if (!settings.cluster().isBlank() && !computeName.equals(settings.cluster().strip())) {
                elsewhere.put(compute.obj().value(), computeName);
                continue;
            }
            Optional.ofNullable(settings.resourcePool().isBlank() ? compute.props().get("resourcePool").mor() : named.get(compute.obj().value()))
                    .ifPresent(pool -> pools.put(compute.obj().value(), pool));
            if (compute.obj().type().equals("ClusterComputeResource")) {
                clusters.add(clusterState(compute));
            }
        }
        Map<String, HostRef> hosts = new LinkedHashMap<>();
        for (Vim.ObjectProps host : vim.all(dc.obj(), "HostSystem", List.of("name", "summary.hardware.numCpuCores", "parent",
                "runtime.inMaintenanceMode", "runtime.connectionState"))) {
            Mor pool = pools.get(host.props().get("parent").text());
            String name = host.text("name").orElseThrow();
            String outside = elsewhere.get(host.props().get("parent").text());
            if (outside != null) {
                notUsed.add(new Inventory.HostNotUsed(name, Inventory.NotUsedBecause.OTHER_CLUSTER,
                        "in '" + outside + "', not in cluster '" + settings.cluster().strip() + "'"));
                continue;
            }
            Optional<Inventory.HostNotUsed> unusable = unusable(name, host);
            if (pool == null && !settings.resourcePool().isBlank()) {
                notUsed.add(new Inventory.HostNotUsed(name, Inventory.NotUsedBecause.NO_RESOURCE_POOL,
                        "no resource pool '" + settings.resourcePool() + "' in its cluster"));
            }
            if (pool != null && unusable.isPresent()) {
                notUsed.add(unusable.get());
            } else if (pool != null) {
                hosts.put(name, new HostRef(host.obj(), Integer.parseInt(host.text("summary.hardware.numCpuCores").orElse("1")), pool));
            }
        }
        if (hosts.isEmpty() && !settings.cluster().isBlank()) {
            throw new PlatformSettingException(VspherePlatformProvider.key("cluster") + ": no usable host in a cluster '"
                    + settings.cluster() + "' of datacenter '" + settings.datacenter() + "' (" + lines(notUsed) + ")");
        }
        if (hosts.isEmpty() && !settings.resourcePool().isBlank()) {
            throw new PlatformSettingException(VspherePlatformProvider.key("resourcePool") + ": no usable host in a cluster with a resource pool '"
                    + settings.resourcePool() + "' in datacenter '" + settings.datacenter() + "'");
        }
        if (hosts.isEmpty()) {
            throw new PlatformSettingException(VspherePlatformProvider.key("datacenter") + ": datacenter '" + settings.datacenter()
                    + "' has no usable host in a cluster or compute resource" + (notUsed.isEmpty() ? "" : " (" + lines(notUsed) + ")"));
        }
        Map<String, Vim.ObjectProps> byName = new LinkedHashMap<>();
        vim.all(dc.obj(), "Datastore", List.of("name", "summary.url")).forEach(ds -> byName.put(ds.text("name").orElse(""), ds));
        Map<String, DatastoreRef> datastores = new LinkedHashMap<>();
        for (var wanted : settings.datastores().entrySet()) {
            Vim.ObjectProps ds = byName.get(wanted.getValue());
            if (ds == null) {
                throw new PlatformSettingException(VspherePlatformProvider.key("datastores." + wanted.getKey()) + ": no datastore '"
                        + wanted.getValue() + "' in datacenter '" + settings.datacenter() + "' (found " + byName.keySet() + ")");
            }
            datastores.put(wanted.getKey(), new DatastoreRef(ds.obj(), wanted.getValue(), ds.text("summary.url").orElse("")));
        }
        return new Site(dc.obj(), dc.props().get("vmFolder").mor(), hosts, datastores, null, Optional.empty(), Optional.empty(),
                Map.of(), List.of(), List.copyOf(notUsed), List.copyOf(clusters));
    }

    /** The resource pools named {@code name}, by the compute resource that owns each; none when {@code name} is blank. */
    private static Map<String, Mor> namedPools(Vim vim, Mor datacenter, String name) throws VimFault, IOException {
        Map<String, Mor> pools = new LinkedHashMap<>();
        if (!name.isBlank()) {
            for (Vim.ObjectProps pool : vim.all(datacenter, "ResourcePool", List.of("name", "owner"))) {
                if (pool.text("name").orElse("").equals(name.strip())) {
                    pools.putIfAbsent(pool.props().get("owner").text(), pool.obj());
                }
            }
        }
        return pools;
    }

    /** Why a host is not used: maintenance mode, or vCenter not connected to it; empty when it is usable. */
    private static Optional<Inventory.HostNotUsed> unusable(String name, Vim.ObjectProps host) {
        if (host.text("runtime.inMaintenanceMode").orElse("false").equals("true")) {
            return Optional.of(new Inventory.HostNotUsed(name, Inventory.NotUsedBecause.MAINTENANCE_MODE, "in maintenance mode"));
        }
        String connection = host.text("runtime.connectionState").orElse("connected");
        return connection.equals("connected") ? Optional.empty()
                : Optional.of(new Inventory.HostNotUsed(name, Inventory.NotUsedBecause.NOT_CONNECTED, "connection state " + connection));
    }

    private static String lines(List<Inventory.HostNotUsed> notUsed) {
        return String.join("; ", notUsed.stream().map(Inventory.HostNotUsed::line).toList());
    }

    /** What the user is told on every connection: the hosts left out and why, each used cluster's DRS and HA state. */
    List<String> disclosures() {
        List<String> lines = new ArrayList<>(notUsed.stream().map(Inventory.HostNotUsed::line).toList());
        clusters.forEach(cluster -> lines.add(cluster.line()));
        return lines;
    }

    /** A cluster's DRS mode and HA state as vCenter reports them ({@code configurationEx}). */
    private static Inventory.Cluster clusterState(Vim.ObjectProps cluster) {
        Optional<Node> config = Optional.ofNullable(cluster.props().get("configurationEx"));
        Optional<Node> drs = config.flatMap(c -> c.child("drsConfig"));
        boolean drsOn = drs.flatMap(d -> d.text("enabled")).orElse("false").equals("true");
        // vim25: an unset defaultVmBehavior is fullyAutomated.
        String drsMode = drsOn ? drs.flatMap(d -> d.text("defaultVmBehavior")).orElse("fullyAutomated") : Inventory.Cluster.DRS_OFF;
        boolean haOn = config.flatMap(c -> c.child("dasConfig")).flatMap(d -> d.text("enabled")).orElse("false").equals("true");
        return new Inventory.Cluster(cluster.text("name").orElse(cluster.obj().value()), drsMode, haOn);
    }

    Inventory inventory() {
        return new Inventory(hosts.entrySet().stream().map(host -> new Inventory.Host(host.getKey(), host.getValue().cores())).toList(),
                datastores.entrySet().stream().map(ds -> new Inventory.Datastore(ds.getKey(),
                        "[" + ds.getValue().name() + "] " + ds.getValue().url())).toList(), notUsed, clusters);
    }

    /** The host's name for a host reference, as placements name it. */
    Optional<String> hostName(Mor host) {
        return hosts.entrySet().stream().filter(entry -> entry.getValue().mor().equals(host)).map(Map.Entry::getKey).findFirst();
    }

    /** The harness's name for a vSphere datastore reference. */
    Optional<String> datastoreName(Mor datastore) {
        return datastores.entrySet().stream().filter(entry -> entry.getValue().mor().equals(datastore))
                .map(Map.Entry::getKey).findFirst();
    }
}
