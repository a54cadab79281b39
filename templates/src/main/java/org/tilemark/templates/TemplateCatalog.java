package org.tilemark.templates;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Default templates per VM role. Sizes follow the VMmark 2 tile (DVD Store DB 4 vCPU / 4 GB, web
 * 2 vCPU / 2 GB, mail 4 vCPU / 8 GB, Olio web 4 vCPU / 6 GB and DB 2 vCPU / 2 GB, standby 1 vCPU /
 * 512 MB). The guest heap is capped well below the VM memory: a guest process shares this machine
 * with every other VM, and the heap only has to hold the server, not the modelled memory.
 */
public final class TemplateCatalog {

    private static final Map<String, VmSize> SIZES = Map.of(
            "dvdstore-db", new VmSize(4, 4096, 20),
            "dvdstore-web", new VmSize(2, 2048, 4),
            "mail", new VmSize(4, 8192, 40),
            "olio-web", new VmSize(4, 6144, 10),
            "olio-db", new VmSize(2, 2048, 10),
            "standby", new VmSize(1, 512, 2),
            // The VM the Deploy operation clones: a small database server for its short job.
            "deploy", new VmSize(1, 1024, 2),
            // Storage characterization's I/O VM: Iometer in a small VM, its data disks sized by the run.
            "io", new VmSize(1, 1024, 4));

    /** Roles with more than one service; the first port is the primary endpoint. */
    private static final Map<String, List<String>> PORTS = Map.of("mail", List.of("smtp", "imap"));

    /** Roles whose guests write nothing to their disks while serving (Olio's web VM stores uploads). */
    private static final Set<String> STATELESS = Set.of("dvdstore-web", "standby");

    private TemplateCatalog() {
    }

    public static RoleTemplate forRole(String role) {
        VmSize size = SIZES.get(role);
        if (size == null) {
            throw new NoSuchElementException("no template for role '" + role + "' (known: " + SIZES.keySet() + ")");
        }
        return new RoleTemplate(role, size, new GuestLaunch(GuestLaunch.GUEST_MAIN, jvmOptions(size)),
                PORTS.getOrDefault(role, List.of(RoleTemplate.MAIN_PORT)), STATELESS.contains(role));
    }

    static List<String> jvmOptions(VmSize size) {
        int heapMb = Math.max(96, Math.min(384, size.memoryMb() / 8));
        List<String> options = new ArrayList<>();
        options.add("-Xmx" + heapMb + "m");
        options.add("-Xss512k");
        // Serial GC and few compiler threads: many guests share two cores, as VMs share a host.
        options.add("-XX:+UseSerialGC");
        options.add("-XX:CICompilerCount=2");
        options.add("-XX:ActiveProcessorCount=" + size.vcpus());
        options.add("-XX:+ExitOnOutOfMemoryError");
        options.add("-Djava.awt.headless=true");
        return options;
    }
}
