package org.tilemark.infra.platform.libvirt;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;
import org.libvirt.MemoryStatistic;

/**
 * The guest's own memory in use, as its virtio balloon driver reports it to the hypervisor
 * ({@code virsh dommemstat}): the guest's total less what it could still allocate (MemTotal less
 * MemAvailable), or less its free memory and caches on a guest kernel that does not report the former.
 * Empty until the guest's driver has reported (every {@value #STATS_PERIOD_SECONDS} s, set in the domain).
 */
final class GuestMemory {

    static final int STATS_PERIOD_SECONDS = 5;

    // virDomainMemoryStatTags; values in KiB
    private static final int UNUSED = 4;
    private static final int AVAILABLE = 5;
    private static final int USABLE = 8;
    private static final int DISK_CACHES = 10;
    private static final int ALL_TAGS = 13;

    private GuestMemory() {
    }

    static OptionalLong inUseBytes(Domain domain) {
        Map<Integer, Long> kib = new HashMap<>();
        try {
            for (MemoryStatistic stat : domain.memoryStats(ALL_TAGS)) {
                kib.put(stat.getTag(), stat.getValue());
            }
        } catch (LibvirtException e) {
            return OptionalLong.empty(); // no balloon device or no report yet: the migration's own figures still stand
        }
        Long total = kib.get(AVAILABLE);
        if (total == null) {
            return OptionalLong.empty();
        }
        long free = kib.containsKey(USABLE) ? kib.get(USABLE)
                : kib.getOrDefault(UNUSED, 0L) + kib.getOrDefault(DISK_CACHES, 0L);
        return OptionalLong.of(Math.max(0, total - free) * 1024);
    }
}
