package org.tilemark.config;

import java.util.List;
import java.util.Objects;

/**
 * The cluster the tiles run on: which platform, and that platform's own section ({@code cluster.<platform>},
 * defined and checked by its {@link PlatformConfig}).
 *
 * @param platform    the platform provider's name, e.g. {@code local}
 * @param bindAddress address every endpoint the harness opens listens on (127.0.0.1 unless configured)
 * @param section     the platform's own settings, bound onto its {@link PlatformConfig#sectionType()};
 *                    null only while the configuration names no platform found on the class path
 */
public record ClusterSpec(String platform, String bindAddress,
                          @PlatformSection(selector = "platform") @OptionalValue Record section) {

    /** Where the harness places tile VMs. */
    public static final String APP_DATASTORE = "app";
    /** The other datastore: Storage vMotion's target. */
    public static final String MAINTENANCE_DATASTORE = "maintenance";
    /** The datastores every platform's section must name. */
    public static final List<String> DATASTORES = List.of(APP_DATASTORE, MAINTENANCE_DATASTORE);

    /** The section typed for the platform that owns it. */
    public <S extends Record> S section(PlatformConfig<S> config) {
        if (!config.name().equals(platform)) {
            throw new IllegalArgumentException("cluster.platform is '" + platform + "', not '" + config.name() + "'");
        }
        return config.sectionType().cast(Objects.requireNonNull(section, "section"));
    }
}
