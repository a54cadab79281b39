package org.tilemark.workloads.guest.postgres;

import java.util.LinkedHashMap;
import java.util.Map;
import org.tilemark.templates.VmSize;

/**
 * PostgreSQL's running configuration for a database VM of a given size, as a DBA would set it
 * (docs/workloads.md, "The database VMs' PostgreSQL", gives each figure's source): shared buffers a
 * quarter of the VM's memory, the planner told that half of it caches data, WAL and checkpoints sized
 * to the VM's disk, and every commit durable before it is confirmed ({@code fsync} and {@code
 * synchronous_commit} on, which zonky's embedded defaults turn off).
 */
public record PostgresSizing(VmSize size) {

    /** Below this, PostgreSQL's own defaults hold (its docs: 25 % "with 1GB or more of RAM"; smaller machines less). */
    private static final int MIN_SHARED_BUFFERS_MB = 32;
    /** PostgreSQL's default max_wal_size; a VM's WAL may take a tenth of its disk, never less than that. */
    private static final int DEFAULT_MAX_WAL_MB = 1024;

    /** The settings, in the order they are written; values in PostgreSQL's own units. */
    public Map<String, String> serverConfig() {
        int memoryMb = size.memoryMb();
        Map<String, String> config = new LinkedHashMap<>();
        config.put("shared_buffers", Math.max(MIN_SHARED_BUFFERS_MB, memoryMb / 4) + "MB");
        config.put("effective_cache_size", Math.max(MIN_SHARED_BUFFERS_MB, memoryMb / 2) + "MB");
        // maintenance_work_mem: 5 % of memory, at least PostgreSQL's 64MB default (vacuum, index builds).
        config.put("maintenance_work_mem", Math.max(64, memoryMb / 20) + "MB");
        config.put("max_wal_size", Math.max(DEFAULT_MAX_WAL_MB, size.diskGb() * 1024 / 10) + "MB");
        config.put("min_wal_size", "80MB");
        config.put("checkpoint_timeout", "5min");
        config.put("checkpoint_completion_target", "0.9");
        // zonky starts the server with -F (fsync off) and synchronous_commit off: a confirmed order must survive a crash.
        config.put("fsync", "on");
        config.put("synchronous_commit", "on");
        config.put("full_page_writes", "on");
        return config;
    }
}
