package org.tilemark.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * The hosts and storage the tiles run on.
 *
 * @param platform   virtualization platform; only {@code local} is supported for now
 * @param hosts      number of hosts
 * @param datastores datastore name to directory; must contain {@code app} and {@code maintenance}
 * @param workDir    working directory for VM state
 * @param pinCpus    whether VMs are pinned to CPUs
 * @param bindAddress address every endpoint the harness opens listens on (127.0.0.1 unless configured)
 * @param memoryDirtyMBps local platform: how fast a running guest is taken to dirty its memory while a
 *                    vMotion pre-copies it (each round re-sends what the previous round's time dirtied)
 * @param vmotionNetworkGbps local platform: the migration network's bandwidth, the pace memory is copied at
 */
public record ClusterSpec(String platform, int hosts, Map<String, Path> datastores, Path workDir, boolean pinCpus,
        String bindAddress, double memoryDirtyMBps, double vmotionNetworkGbps) {

    public ClusterSpec {
        datastores = ImmutableCopies.ofMap(datastores);
    }
}
