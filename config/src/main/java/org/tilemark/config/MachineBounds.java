package org.tilemark.config;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;

/**
 * Upper bounds derived from the machine the harness runs on, each error giving the bound and what it
 * comes from: the drivers of every tile and the local platform's VMs live here, so a tile count or an
 * I/O VM count beyond the memory, or logical hosts far beyond the CPUs, cannot work.
 */
record MachineBounds(long memoryBytes, int cpus) {

    /** The least a tile (or an I/O VM) takes here: its drivers, recorders and the guests' processes. */
    static final long BYTES_PER_TILE = 64L << 20;
    /** Logical hosts per CPU before the local platform's hosts only share CPUs round robin. */
    static final int HOSTS_PER_CPU = 8;
    /**
     * Sanity limit, not the machine's: users per workload per tile. A tile's load is its users (VMmark's
     * tiles are fixed), so a number this large is a typo, not a benchmark; memory bounds the tiles.
     */
    static final int MAX_USERS = 100_000;
    /** Sanity limit, not the machine's: the longest run (warm-up plus every phase) anyone means. */
    static final Duration MAX_RUN = Duration.ofDays(7);
    /**
     * Sanity limit for platforms whose datastores' size cannot be seen from here (libvirt's pools are on
     * their hosts); where it can (the local platform), the file system's size bounds the disks too.
     */
    static final long MAX_DISK_BYTES = 64L << 40;

    static MachineBounds ofThisMachine() {
        long memory = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : Runtime.getRuntime().maxMemory();
        return new MachineBounds(memory, Runtime.getRuntime().availableProcessors());
    }

    void check(BenchmarkSpec spec, List<String> errors) {
        long tiles = Math.max(1, memoryBytes / BYTES_PER_TILE);
        String memory = "this machine has " + (memoryBytes >> 20) + " MiB of memory, a tile needs " + (BYTES_PER_TILE >> 20)
                + " MiB at least";
        atMost(errors, "run.tiles", spec.run().tiles(), tiles, memory);
        atMost(errors, "search.maxTiles", spec.search().maxTiles(), tiles, memory);
        atMost(errors, "storage.vms", spec.storage().vms(), tiles, "this machine has " + (memoryBytes >> 20)
                + " MiB of memory, an I/O VM needs " + (BYTES_PER_TILE >> 20) + " MiB at least");
        String users = "a sanity limit per tile, not a machine limit: a tile's load is set by its users";
        // the users a tile runs: at run.tileScale
        double scale = spec.run().tileScale();
        for (WorkloadConfig<?> workload : WorkloadConfigs.installed().all()) {
            spec.workloads().section(workload.name()).ifPresent(section -> WorkloadConfigs.users(workload, section)
                    .forEach((key, configured) -> atMostUsers(errors, "workloads." + workload.name() + "." + key, configured,
                            scale, users)));
        }
        RunSpec run = spec.run();
        if (run.phaseDuration() != null && run.warmup() != null) {
            Duration length;
            try {
                length = run.warmup().plus(run.phaseDuration().multipliedBy(run.phases()));
            } catch (ArithmeticException overflow) {
                length = Duration.ofSeconds(Long.MAX_VALUE);
            }
            if (length.compareTo(MAX_RUN) > 0) {
                errors.add("run.phaseDuration: run.warmup plus run.phases (" + run.phases() + ") phases of "
                        + Durations.format(run.phaseDuration()) + " exceed the longest run, " + MAX_RUN.toDays()
                        + " days (a sanity limit, not a machine limit)");
            }
        }
        diskSize(errors, "storage.diskSize", spec.storage().diskSize());
    }

    private static void diskSize(List<String> errors, String key, String size) {
        boolean tooLarge;
        try {
            tooLarge = size != null && DataSizes.parseBytes(size) > MAX_DISK_BYTES;
        } catch (IllegalArgumentException notCountable) {
            tooLarge = true; // the loader accepted its syntax, so it is too large to count in bytes
        }
        if (tooLarge) {
            errors.add(key + ": must be <= " + DataSizes.format(MAX_DISK_BYTES) + " (a sanity limit for platforms whose datastores' "
                    + "size is not seen from here) (got '" + Messages.clip(size) + "')");
        }
    }

    private static void atMostUsers(List<String> errors, String key, int users, double scale, String why) {
        int scaled = TileScale.users(users, scale);
        if (scaled > MAX_USERS) {
            errors.add(key + ": must be <= " + MAX_USERS + " (" + why + ") (got " + users
                    + (scale == TileScale.STANDARD ? "" : ", " + scaled + " at run.tileScale " + TileScale.format(scale)) + ")");
        }
    }

    private static void atMost(List<String> errors, String key, long value, long bound, String why) {
        if (value > bound) {
            errors.add(key + ": must be <= " + bound + " (" + why + ") (got " + value + ")");
        }
    }
}
