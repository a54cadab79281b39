package org.tilemark.templates;

import java.util.List;

/**
 * The VM roles a workload brings, with everything known about each ({@link RoleTemplate}). A workload's
 * configuration (found as an {@code org.tilemark.config.WorkloadConfig} service) that is also a {@code RoleSource}
 * adds its roles to {@link RoleCatalog}: a workload needs no line in the catalog.
 */
public interface RoleSource {

    List<RoleTemplate> roles();
}
