package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.tilemark.templates.VmSize;

/**
 * A local VM's memory, bounded as a VM's RAM is: each VM's processes (the guest and the database it starts) run
 * in a memory cgroup of their own whose limit is the role's memory times {@code cluster.local.memoryScale}, so
 * the page cache that VM may hold is bounded too and reads past it reach the disk. The VM's disk is copied from
 * its template inside that cgroup and its cache dropped before the guest starts, so a VM boots cold, as a VM
 * does. Linux only, with a writable memory controller: cgroup v1's {@code memory} hierarchy (below the
 * harness's own group) or cgroup v2's root with {@code memory} in its {@code cgroup.subtree_control}; elsewhere
 * (or with a scale of 0) nothing is bounded and {@link #warning()} says so.
 */
final class MemoryCgroups {

    /** What a guest JVM needs beyond its heap (metaspace, code, thread stacks, the class-data archive). */
    static final int JVM_OVERHEAD_MB = 192;
    private static final String GROUP = "tilemark";
    private static final Path V1 = Path.of("/sys/fs/cgroup/memory");
    private static final Path V2 = Path.of("/sys/fs/cgroup");

    private final double scale;
    /** The directory VMs' groups are made in, or null when memory is not bounded. */
    private final Path base;
    private final boolean v2;
    private final String unavailable;

    private MemoryCgroups(double scale, Path base, boolean v2, String unavailable) {
        this.scale = scale;
        this.base = base;
        this.v2 = v2;
        this.unavailable = unavailable;
    }

    /** Finds a writable memory controller on this machine; {@code scale} 0 turns bounding off. */
    static MemoryCgroups detect(double scale) {
        if (scale <= 0) {
            return new MemoryCgroups(scale, null, false, "cluster.local.memoryScale is 0");
        }
        try {
            if (Files.isRegularFile(V1.resolve("memory.limit_in_bytes"))) {
                Path own = V1.resolve(ownGroup("memory").orElse("/").substring(1));
                return usable(scale, own.resolve(GROUP), false);
            }
            if (Files.readString(V2.resolve("cgroup.subtree_control")).contains("memory")) {
                Path group = V2.resolve(GROUP);
                Files.createDirectories(group);
                Files.writeString(group.resolve("cgroup.subtree_control"), "+memory");
                return usable(scale, group, true);
            }
            return new MemoryCgroups(scale, null, false, "no memory cgroup controller is enabled here");
        } catch (IOException | RuntimeException e) {
            return new MemoryCgroups(scale, null, false, "the memory cgroup controller is not writable here (" + e.getMessage() + ")");
        }
    }

    private static MemoryCgroups usable(double scale, Path base, boolean v2) throws IOException {
        Files.createDirectories(base);
        return new MemoryCgroups(scale, base, v2, null);
    }

    /** The harness's own group in the cgroup v1 hierarchy of {@code controller}. */
    private static Optional<String> ownGroup(String controller) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
            String[] fields = line.split(":", 3);
            if (fields.length == 3 && List.of(fields[1].split(",")).contains(controller)) {
                return Optional.of(fields[2]);
            }
        }
        return Optional.empty();
    }

    boolean bounding() {
        return base != null;
    }

    /** Why memory is not bounded, for the platform's warnings; empty when it is. */
    Optional<String> warning() {
        return base == null ? Optional.of("VMs' memory is not bounded: " + unavailable
                + "; a database VM's data stays in this machine's page cache") : Optional.empty();
    }

    /**
     * The size a VM of {@code role} has here: its memory times the scale, never less than its guest JVM's heap
     * plus {@link #JVM_OVERHEAD_MB} (a small role's scaled memory would not hold its guest); the role's own size
     * where memory is not bounded.
     */
    VmSize localSize(VmSize role) {
        if (base == null) {
            return role;
        }
        int scaled = (int) Math.round(role.memoryMb() * scale);
        return new VmSize(role.vcpus(), Math.max(scaled, GuestLauncher.heapMb(role) + JVM_OVERHEAD_MB), role.diskGb());
    }

    /** The VM's group, made with its limit ({@link #localSize}); empty where memory is not bounded. */
    Optional<Path> create(String runId, String vmName, VmSize role) throws IOException {
        if (base == null) {
            return Optional.empty();
        }
        Path group = group(runId, vmName);
        Files.createDirectories(group);
        long limitBytes = (long) localSize(role).memoryMb() << 20;
        Files.writeString(group.resolve(v2 ? "memory.max" : "memory.limit_in_bytes"), Long.toString(limitBytes));
        return Optional.of(group);
    }

    /** The group of a VM deployed before (a restart after a migration); empty where memory is not bounded. */
    Optional<Path> existing(String runId, String vmName) {
        return base == null ? Optional.empty() : Optional.of(group(runId, vmName)).filter(Files::isDirectory);
    }

    /** A command run as the first process of {@code group}: it joins the group, then becomes the command. */
    static List<String> inGroup(Path group, List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of("/bin/sh", "-c", "echo $$ > \"$0/cgroup.procs\" && exec \"$@\"", group.toString()));
        wrapped.addAll(command);
        return wrapped;
    }

    /**
     * Copies a template disk to a VM inside the VM's group, writes it to the disk and drops it from the group's
     * cache, so the VM starts with none of its data in memory. Returns the bytes copied. One flush of the
     * datastore's file system ({@code sync -f}, syncfs) writes the copy as a VM image copy would, in large merged
     * writes; a flush per file cost a slow array's IOPS per file (olio-web's 11,439 files took over 10 minutes
     * at 40 write IOPS).
     */
    long copyDisk(Optional<Path> group, Path template, Path disk) throws IOException, InterruptedException {
        if (group.isEmpty()) {
            return Disks.copy(template, disk);
        }
        Process copy = new ProcessBuilder(inGroup(group.get(), List.of("/bin/sh", "-c",
                "cp -a \"$0\" \"$1\" && sync -f \"$1\"", template.toString(), disk.toString())))
                .redirectErrorStream(true).start();
        String output = new String(copy.getInputStream().readAllBytes());
        if (!copy.waitFor(30, TimeUnit.MINUTES) || copy.exitValue() != 0) {
            copy.destroyForcibly();
            throw new IOException("copying " + template + " to " + disk + " failed: " + output.strip());
        }
        dropCache(group.get());
        return Disks.size(disk);
    }

    /** Reclaims the group's page cache (cgroup v1: force_empty, which needs the group to hold no process). */
    private void dropCache(Path group) throws IOException {
        if (!v2) {
            Files.writeString(group.resolve("memory.force_empty"), "0");
            return;
        }
        try {
            // Ask for all the group holds (memory.current); a sysfs file's size says nothing, so it is read once.
            Files.writeString(group.resolve("memory.reclaim"), Files.readString(group.resolve("memory.current")).strip());
        } catch (IOException e) {
            // memory.reclaim says EAGAIN when it reclaimed less than asked: what is left is the group's own
        }
    }

    /**
     * Removes a VM's group once its processes are gone: a killed process leaves it only when its I/O in flight ends,
     * on a throttled array, can take seconds; it is given 30.
     */
    void remove(String runId, String vmName) {
        if (base == null) {
            return;
        }
        Path group = group(runId, vmName);
        for (int attempt = 0; attempt < 300 && Files.isDirectory(group); attempt++) {
            try {
                Files.deleteIfExists(group);
            } catch (IOException e) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private Path group(String runId, String vmName) {
        return base.resolve((runId + "." + vmName).replaceAll("[^A-Za-z0-9._-]", "_"));
    }
}
