package org.tilemark.templates;

import java.util.List;
import java.util.NoSuchElementException;

/**
 * Every VM role Tilemark deploys, with everything known about it. Sizes follow the VMmark 2 tile
 * (DVD Store DB 4 vCPU / 4 GB, web 2 vCPU / 2 GB, mail 4 vCPU / 8 GB, Olio web 4 vCPU / 6 GB and DB
 * 2 vCPU / 2 GB, standby 1 vCPU / 512 MB). The tile's roles are movable by infra operations; the
 * Deploy operation's VM and storage characterization's I/O VM are not.
 */
public final class RoleCatalog {

    private static final List<String> MAIN = List.of(RoleTemplate.MAIN_PORT);

    private static final List<RoleTemplate> ROLES = List.of(
            new RoleTemplate("dvdstore-db", "DVD Store database", new VmSize(4, 4096, 20), MAIN, false, true),
            new RoleTemplate("dvdstore-web", "DVD Store web", new VmSize(2, 2048, 4), MAIN, true, true),
            new RoleTemplate("mail", "Mail server", new VmSize(4, 8192, 40), List.of("smtp", "imap"), false, true),
            // Olio's web VM stores uploads on its disk.
            new RoleTemplate("olio-web", "Olio web", new VmSize(4, 6144, 10), MAIN, false, true),
            new RoleTemplate("olio-db", "Olio database", new VmSize(2, 2048, 10), MAIN, false, true),
            new RoleTemplate("standby", "Standby", new VmSize(1, 512, 2), MAIN, true, true),
            // The VM the Deploy operation clones: a small database server for its short job.
            new RoleTemplate("deploy", "Deploy VM", new VmSize(1, 1024, 2), MAIN, false, false),
            // Storage characterization's I/O VM: Iometer in a small VM, its data disks sized by the run.
            new RoleTemplate("io", "I/O VM", new VmSize(1, 1024, 4), MAIN, false, false));

    private RoleCatalog() {
    }

    public static RoleTemplate forRole(String role) {
        return ROLES.stream().filter(r -> r.role().equals(role)).findFirst().orElseThrow(() -> new NoSuchElementException(
                "no template for role '" + role + "' (known: " + String.join(", ", ROLES.stream().map(RoleTemplate::role).toList()) + ")"));
    }

    public static List<RoleTemplate> all() {
        return ROLES;
    }

    /** The roles infra operations may pick a VM of, sorted. */
    public static List<String> movableRoles() {
        return ROLES.stream().filter(RoleTemplate::movable).map(RoleTemplate::role).sorted().toList();
    }
}
