package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
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
 * its first virtual disk as vCenter describes it, which a clone grows to its role's size.
 */
record Site(Mor datacenter, Mor vmFolder, Map<String, HostRef> hosts, Map<String, DatastoreRef> datastores, Mor template,
            Optional<Mor> baseSnapshot, Optional<Node> templateDisk) {

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
        return new Site(site.datacenter(), site.vmFolder(), site.hosts(), site.datastores(), template, snapshot,
                Cloning.firstDisk(read.props().get(Cloning.DEVICES)));
    }

    /** The site before its template exists (an image import makes it): {@code template} is null. */
    static Site withoutTemplate(Vim vim, VsphereSettings settings) throws VimFault, IOException, PlatformSettingException {
        Vim.ObjectProps dc = vim.all(vim.rootFolder(), "Datacenter", List.of("name", "vmFolder")).stream()
                .filter(found -> found.text("name").orElse("").equals(settings.datacenter())).findFirst()
                .orElseThrow(() -> new PlatformSettingException(VspherePlatformProvider.key("datacenter")
                        + ": no datacenter '" + settings.datacenter() + "' in vCenter"));
        Map<String, Mor> pools = new LinkedHashMap<>();
        for (Vim.ObjectProps compute : vim.all(dc.obj(), "ComputeResource", List.of("resourcePool"))) {
            Optional.ofNullable(compute.props().get("resourcePool")).ifPresent(pool -> pools.put(compute.obj().value(), pool.mor()));
        }
        Map<String, HostRef> hosts = new LinkedHashMap<>();
        for (Vim.ObjectProps host : vim.all(dc.obj(), "HostSystem", List.of("name", "summary.hardware.numCpuCores", "parent"))) {
            Mor pool = pools.get(host.props().get("parent").text());
            if (pool != null) {
                hosts.put(host.text("name").orElseThrow(), new HostRef(host.obj(),
                        Integer.parseInt(host.text("summary.hardware.numCpuCores").orElse("1")), pool));
            }
        }
        if (hosts.isEmpty()) {
            throw new PlatformSettingException(VspherePlatformProvider.key("datacenter") + ": datacenter '" + settings.datacenter()
                    + "' has no host in a cluster or compute resource");
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
        return new Site(dc.obj(), dc.props().get("vmFolder").mor(), hosts, datastores, null, Optional.empty(), Optional.empty());
    }

    Inventory inventory() {
        return new Inventory(hosts.entrySet().stream().map(host -> new Inventory.Host(host.getKey(), host.getValue().cores())).toList(),
                datastores.entrySet().stream().map(ds -> new Inventory.Datastore(ds.getKey(),
                        "[" + ds.getValue().name() + "] " + ds.getValue().url())).toList());
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
