package org.tilemark.infra.platform.local;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The local platform's section, {@code cluster.local}.
 *
 * @param hosts              logical hosts the machine's CPUs are split into
 * @param datastores         datastore name to directory; must name the harness's {@code app} and
 *                           {@code maintenance} (point one at another mount to compare storage)
 * @param workDir            where the platform keeps templates and its VM registry; a datastore directory
 *                           inside it is created when missing, one elsewhere must exist
 * @param pinCpus            whether guests are pinned to their host's CPUs
 * @param memoryDirtyMBps    how fast a running guest is taken to dirty its memory while a vMotion
 *                           pre-copies it (each round re-sends what the previous round's time dirtied)
 * @param vmotionNetworkGbps the migration network's bandwidth, the pace memory is copied at
 */
record LocalSettings(int hosts, Map<String, Path> datastores, Path workDir, boolean pinCpus, double memoryDirtyMBps,
                     double vmotionNetworkGbps) {

    LocalSettings {
        datastores = Collections.unmodifiableMap(new LinkedHashMap<>(datastores));
    }

    static LocalSettings defaults() {
        Path workDir = Path.of(".tilemark");
        Map<String, Path> datastores = new LinkedHashMap<>();
        datastores.put("app", workDir.resolve("datastores/app"));
        datastores.put("maintenance", workDir.resolve("datastores/maintenance"));
        return new LocalSettings(2, datastores, workDir, true, 32, 10);
    }
}
