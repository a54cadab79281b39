package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tilemark.infra.platform.PlatformSettingException;

/**
 * The vSphere privileges a run's operations need, each on the entity vCenter checks it on, asked of vCenter
 * for the session's own user ({@code AuthorizationManager.FetchUserPrivilegeOnEntities}: the user's effective
 * privileges, roles and propagation applied) before anything is created. What is missing is one line naming
 * each privilege and its entity, against {@code credentials.username}. Privileges the VMs need are checked on
 * the VM folder they are cloned into (a VM inherits the folder's propagated permissions).
 */
final class Privileges {

    /** Cloning a VM; a VM marked as template is deployed with {@link #DEPLOY_TEMPLATE} instead. */
    static final String CLONE = "VirtualMachine.Provisioning.Clone";
    static final String DEPLOY_TEMPLATE = "VirtualMachine.Provisioning.DeployTemplate";
    private static final List<String> ON_VMS = List.of("VirtualMachine.Inventory.CreateFromExisting", "VirtualMachine.Inventory.Delete",
            "VirtualMachine.Interact.PowerOn", "VirtualMachine.Interact.PowerOff", "VirtualMachine.Config.AdvancedConfig",
            "VirtualMachine.Config.CPUCount", "VirtualMachine.Config.Memory", "VirtualMachine.Config.DiskExtend",
            "Resource.HotMigrate", "Resource.ColdMigrate");
    private static final List<String> ON_POOLS = List.of("Resource.AssignVMToPool");
    private static final List<String> ON_DATASTORES = List.of("Datastore.AllocateSpace", "Datastore.FileManagement");

    /** The privileges wanted on one entity, which a message names as {@code what}. */
    private record Need(Mor entity, String what, List<String> privileges) {
    }

    private Privileges() {
    }

    /** Refuses the settings, naming every missing privilege and its entity, unless the session's user holds them all. */
    static void check(Vim vim, Site site, VsphereSettings settings) throws VimFault, IOException, PlatformSettingException {
        List<Need> needs = needs(vim, site, settings);
        String user = vim.userName();
        List<Element> arguments = new ArrayList<>(needs.stream().map(need -> Element.ref("entities", need.entity())).distinct().toList());
        arguments.add(Element.text("userName", user));
        Node answer = vim.call("FetchUserPrivilegeOnEntities", vim.authorizationManager(), arguments.toArray(Element[]::new));
        Map<String, Set<String>> held = new LinkedHashMap<>();
        for (Node result : answer.all("returnval")) {
            held.computeIfAbsent(result.child("entity").orElseThrow().mor().value(), entity -> new LinkedHashSet<>())
                    .addAll(result.all("privileges").stream().map(Node::text).toList());
        }
        List<String> missing = new ArrayList<>();
        for (Need need : needs) {
            Set<String> has = held.getOrDefault(need.entity().value(), Set.of());
            need.privileges().stream().filter(privilege -> !has.contains(privilege)).forEach(privilege -> missing.add(privilege + " on " + need.what()));
        }
        if (!missing.isEmpty()) {
            throw new PlatformSettingException(VspherePlatformProvider.key("credentials.username") + ": vCenter user '" + user
                    + "' lacks " + String.join(", ", missing) + " (docs/platforms/vsphere.md lists the privileges a run needs)");
        }
    }

    private static List<Need> needs(Vim vim, Site site, VsphereSettings settings) throws VimFault, IOException {
        boolean template = vim.one(site.template(), List.of("config.template")).text("config.template").orElse("false").equals("true");
        List<Need> needs = new ArrayList<>();
        needs.add(new Need(site.datacenter(), "datacenter '" + settings.datacenter() + "'", List.of("System.Read")));
        needs.add(new Need(site.template(), "template '" + settings.template() + "'", List.of(template ? DEPLOY_TEMPLATE : CLONE)));
        needs.add(new Need(site.vmFolder(), "the VM folder of datacenter '" + settings.datacenter() + "'", ON_VMS));
        if (!settings.vmFolder().isBlank()) {
            needs.add(new Need(site.vmFolder(), "the VM folder of datacenter '" + settings.datacenter() + "' (vmFolder is made and removed)",
                    List.of("Folder.Create", "Folder.Delete")));
        }
        Map<Mor, String> pools = new LinkedHashMap<>();
        site.hosts().forEach((host, ref) -> pools.putIfAbsent(ref.pool(), host));
        pools.forEach((pool, host) -> needs.add(new Need(pool, "the resource pool of host '" + host + "'", ON_POOLS)));
        site.datastores().values().stream().distinct()
                .forEach(ds -> needs.add(new Need(ds.mor(), "datastore '" + ds.name() + "'", ON_DATASTORES)));
        return needs;
    }
}
