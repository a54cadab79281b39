package org.tilemark.infra.platform;

import java.nio.file.Path;
import java.util.Map;

/** What every platform is told: its host count, datastores by name, a work directory and whether to pin CPUs. */
public record PlatformSettings(int hosts, Map<String, Path> datastores, Path workDir, boolean pinCpus, String bindAddress) {

    public PlatformSettings {
        datastores = Map.copyOf(datastores);
    }

    public static PlatformSettings from(org.tilemark.config.ClusterSpec cluster) {
        return new PlatformSettings(cluster.hosts(), cluster.datastores(), cluster.workDir(), cluster.pinCpus(),
                cluster.bindAddress());
    }
}
