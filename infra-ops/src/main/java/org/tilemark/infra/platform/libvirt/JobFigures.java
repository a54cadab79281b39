package org.tilemark.infra.platform.libvirt;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.libvirt.Domain;
import org.libvirt.DomainJobStats;
import org.libvirt.LibvirtException;
import org.libvirt.TypedParameter;

/**
 * The hypervisor's own figures of a completed migration job (virDomainGetJobStats with
 * VIR_DOMAIN_JOB_STATS_COMPLETED, read on the destination, to which libvirt hands them): memory and
 * disk bytes transferred ({@code virsh domjobinfo}'s "Memory processed" and "File processed"), and the
 * downtime QEMU measured.
 */
record JobFigures(long memoryBytes, long diskBytes, Optional<Duration> downtime) {

    static final String MEMORY_TRANSFERRED = "memory_processed";
    static final String DISK_TRANSFERRED = "disk_processed";
    /** In milliseconds. */
    static final String DOWNTIME = "downtime";

    static JobFigures completed(Domain domain) throws LibvirtException {
        DomainJobStats stats = domain.getJobStats(Domain.GetJobStatsFlags.COMPLETED);
        Map<String, Long> figures = new HashMap<>();
        for (TypedParameter parameter : stats.stats) {
            try {
                figures.put(parameter.field, Long.parseLong(parameter.getValueAsString()));
            } catch (NumberFormatException e) {
                // a figure that is no count (none of those recorded)
            }
        }
        long memory = figures.getOrDefault(MEMORY_TRANSFERRED, 0L);
        long disk = figures.getOrDefault(DISK_TRANSFERRED, 0L);
        Optional<Duration> downtime = Optional.ofNullable(figures.get(DOWNTIME)).map(Duration::ofMillis);
        return new JobFigures(memory, disk, downtime);
    }

    long bytes() {
        return memoryBytes + diskBytes;
    }
}
