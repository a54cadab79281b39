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

    /**
     * A reading to compare a later one with; empty where the platform cannot tell. It is timed at the middle of
     * the platform's read, which can take a while on a loaded machine or a remote host.
     */
    Mark mark() {
        Instant before = Instant.now();
        Duration busy = platform.cpuBusy(hosts).orElse(null);
        Instant after = Instant.now();
        return new Mark(before.plus(Duration.between(before, after).dividedBy(2)), busy);
    }

    /**
     * Busy CPU between the two marks over the cores' capacity in that time, at most 100 %: busy time is counted in
     * the hypervisor's ticks and the window by this machine's clock, so with every core busy the quotient can come
     * out a fraction over 100 % (a CI run saw 100.85 %), which only means all cores were busy.
     */
    OptionalDouble percentBetween(Mark from, Mark to) {
        long wallNanos = Duration.between(from.at(), to.at()).toNanos();
        if (from.busy() == null || to.busy() == null || cores == 0 || wallNanos <= 0) {
            return OptionalDouble.empty();
        }
        double percent = 100.0 * to.busy().minus(from.busy()).toNanos() / ((double) wallNanos * cores);
        return OptionalDouble.of(Math.min(100.0, percent));
    }

    record Mark(Instant at, Duration busy) {
    }
}
