package org.tilemark.templates;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.tilemark.config.WorkloadConfig;
import org.tilemark.config.WorkloadConfigs;

/**
 * Every VM role Tilemark deploys, with everything known about it: each workload's own (its {@link RoleSource};
 * sizes follow the VMmark 2 tile, see each workload) and the built-in ones. The tile's roles are movable by infra
 * operations; the Deploy operation's VM and storage characterization's I/O VM are not.
 */
public final class RoleCatalog {

    /** The roles no workload brings: Deploy's and storage characterization's VMs. */
    private static final List<RoleTemplate> BUILT_IN = List.of(
            // The VM the Deploy operation clones: a small database server for its short job.
            new RoleTemplate("deploy", "Deploy VM", new VmSize(1, 1024, 2), List.of(RoleTemplate.MAIN_PORT), false, false),
            // Storage characterization's I/O VM: Iometer in a small VM, its data disks sized by the run.
            new RoleTemplate("io", "I/O VM", new VmSize(1, 1024, 4), List.of(RoleTemplate.MAIN_PORT), false, false));

    /** Loaded once: what is on the class path does not change. */
    private static final class Found {
        static final List<RoleTemplate> ROLES = load();
    }

    private RoleCatalog() {
    }

    /** Every workload's roles (workloads in the order of their names), then the built-in ones. */
    private static List<RoleTemplate> load() {
        List<RoleTemplate> roles = new ArrayList<>();
        for (WorkloadConfig<?> workload : WorkloadConfigs.installed().all()) {
            if (workload instanceof RoleSource source) {
                roles.addAll(source.roles());
            }
        }
        roles.addAll(BUILT_IN);
        return List.copyOf(roles);
    }

    public static RoleTemplate forRole(String role) {
        return Found.ROLES.stream().filter(r -> r.role().equals(role)).findFirst().orElseThrow(() -> new NoSuchElementException(
                "no template for role '" + role + "' (known: " + String.join(", ", Found.ROLES.stream().map(RoleTemplate::role).toList()) + ")"));
    }

    public static List<RoleTemplate> all() {
        return Found.ROLES;
    }

    /** The roles infra operations may pick a VM of, sorted. */
    public static List<String> movableRoles() {
        return Found.ROLES.stream().filter(RoleTemplate::movable).map(RoleTemplate::role).sorted().toList();
    }
}
