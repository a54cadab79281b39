package org.tilemark.workloads;

import java.util.List;
import org.tilemark.config.WorkloadConfig;
import org.tilemark.templates.RoleSource;
import org.tilemark.workloads.guest.GuestRole;

/**
 * A workload as one package: its configuration section ({@link WorkloadConfig}: keys, defaults, validation, tile
 * scale, publishability, the report's view), the VM roles it deploys ({@link RoleSource}), the guests that serve
 * them and the {@link Workload} that drives them. Register the implementation once, in
 * {@code META-INF/services/org.tilemark.config.WorkloadConfig}; nothing else names it.
 *
 * @param <S> the section's record type
 */
public interface WorkloadProvider<S extends Record> extends WorkloadConfig<S>, RoleSource {

    /** The workload itself: its VMs, driver, metric, reference and QoS rules. */
    Workload workload();

    /**
     * The guests of this workload's roles that are not registered as {@link GuestRole} services: how a workload
     * in one package brings its own. The built-in workloads' guests are registered services.
     */
    default List<GuestRole> guestRoles() {
        return List.of();
    }
}
