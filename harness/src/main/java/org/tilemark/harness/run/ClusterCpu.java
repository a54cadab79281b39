package org.tilemark.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.OptionalDouble;
import java.util.Set;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;

/** The cluster's CPU utilization over a window, as a share of all its hosts' hardware threads (0-100 %). */
final class ClusterCpu {

    private final Platform platform;
    private final Set<String> hosts = new HashSet<>();
    private final int cores;

    private ClusterCpu(Platform platform) {
        this.platform = platform;
        int total = 0;
        for (Inventory.Host host : platform.inventory().hosts()) {
            hosts.add(host.name());
            total += host.threads();
        }
        this.cores = total;
    }

    static ClusterCpu of(Platform platform) {
        return new ClusterCpu(platform);
    }

    /** A reading to compare a later one with; empty where the platform cannot tell. */
    Mark mark() {
        return new Mark(Instant.now(), platform.cpuBusy(hosts).orElse(null));
    }

    /** Busy CPU between the two marks over the cores' capacity in that time. */
    OptionalDouble percentBetween(Mark from, Mark to) {
        long wallNanos = Duration.between(from.at(), to.at()).toNanos();
        if (from.busy() == null || to.busy() == null || cores == 0 || wallNanos <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(100.0 * to.busy().minus(from.busy()).toNanos() / ((double) wallNanos * cores));
    }

    record Mark(Instant at, Duration busy) {
    }
}
