package org.tilemark.infra.platform;

import java.nio.file.Path;
import java.util.Map;

/**
 * What every platform is told: its host count, datastores by name, a work directory, whether to pin
 * CPUs, where endpoints listen, and (for platforms that simulate migration) the memory dirty rate and
 * migration network bandwidth.
 */
public record PlatformSettings(int hosts, Map<String, Path> datastores, Path workDir, boolean pinCpus, String bindAddress,
        double memoryDirtyMBps, double vmotionNetworkGbps) {

    public PlatformSettings {
        datastores = Map.copyOf(datastores);
    }

    public static PlatformSettings from(org.tilemark.config.ClusterSpec cluster) {
        return new PlatformSettings(cluster.hosts(), cluster.datastores(), cluster.workDir(), cluster.pinCpus(),
                cluster.bindAddress(), cluster.memoryDirtyMBps(), cluster.vmotionNetworkGbps());
    }
}
