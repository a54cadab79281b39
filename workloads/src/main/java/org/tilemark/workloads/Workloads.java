package org.tilemark.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.WorkloadConfig;
import org.tilemark.config.WorkloadConfigs;
import org.tilemark.workloads.guest.GuestRole;

/**
 * The workloads on the class path ({@link WorkloadProvider}s, found as {@link WorkloadConfig} services) that a configuration enables, in a stable order, each at the
 * configuration's {@code run.tileScale} ({@link TileScaledWorkload}).
 */
public final class Workloads {

    private Workloads() {
    }

    public static List<Workload> enabled(BenchmarkSpec spec) {
        List<Workload> result = new ArrayList<>();
        for (WorkloadProvider<?> provider : providers()) {
            Workload w = provider.workload();
            if (w.enabled(spec)) {
                result.add(new TileScaledWorkload(w));
            }
        }
        result.sort((a, b) -> a.name().compareTo(b.name()));
        return result;
    }

    /** The workloads on the class path: each {@link WorkloadConfig} service that is a {@link WorkloadProvider}. */
    public static List<WorkloadProvider<?>> providers() {
        List<WorkloadProvider<?>> providers = new ArrayList<>();
        for (WorkloadConfig<?> config : WorkloadConfigs.installed().all()) {
            if (config instanceof WorkloadProvider<?> provider) {
                providers.add(provider);
            }
        }
        return providers;
    }

    /** Every guest role: those registered as {@link GuestRole} services and those workloads bring themselves. */
    public static List<GuestRole> guestRoles() {
        List<GuestRole> roles = new ArrayList<>();
        ServiceLoader.load(GuestRole.class).forEach(roles::add);
        providers().forEach(provider -> roles.addAll(provider.guestRoles()));
        return roles;
    }
}
