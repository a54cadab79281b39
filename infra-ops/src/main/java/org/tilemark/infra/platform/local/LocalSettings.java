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
 * @param storageMigrationMBps the pace a Storage vMotion or XvMotion copies the part of a VM's configured
 *                           disk size its files do not fill (accounted, not copied: {@link ModelledDisk})
 * @param memoryScale        the share of a role's memory its local VM may use, page cache included ({@link MemoryCgroups}):
 *                           this machine cannot give a tile its VMs' 26.5 GB; 0 leaves VMs' memory unbounded
 */
record LocalSettings(int hosts, Map<String, Path> datastores, Path workDir, boolean pinCpus, double memoryDirtyMBps,
                     double vmotionNetworkGbps, double storageMigrationMBps, double memoryScale) {

    /** The default memoryScale: a standard tile's 26.5 GB of VM memory bounded to about 3.5 GB here. */
    static final double DEFAULT_MEMORY_SCALE = 0.125;

    /** The default work directory; the default datastores live inside whichever work directory is set. */
    private static final Path DEFAULT_WORK_DIR = Path.of(".tilemark");

    LocalSettings {
        Map<String, Path> inWorkDir = new LinkedHashMap<>();
        // A datastore left at its default follows cluster.local.workDir, so moving only the work directory
        // does not leave datastores outside it that must exist.
        datastores.forEach((name, path) -> inWorkDir.put(name, workDir != null && path != null
                && path.equals(defaultDatastore(DEFAULT_WORK_DIR, name)) ? defaultDatastore(workDir, name) : path));
        datastores = Collections.unmodifiableMap(inWorkDir);
    }

    static LocalSettings defaults() {
        Map<String, Path> datastores = new LinkedHashMap<>();
        datastores.put("app", defaultDatastore(DEFAULT_WORK_DIR, "app"));
        datastores.put("maintenance", defaultDatastore(DEFAULT_WORK_DIR, "maintenance"));
        return new LocalSettings(2, datastores, DEFAULT_WORK_DIR, true, 32, 10, 400, DEFAULT_MEMORY_SCALE);
    }

    private static Path defaultDatastore(Path workDir, String name) {
        return workDir.resolve("datastores").resolve(name);
    }
}
