package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformSettingException;

class LocalPlatformProviderTest {

    private static final ClusterSpec CLUSTER = new ClusterSpec(LocalPlatformProvider.NAME, "127.0.0.1", null);

    @TempDir
    Path tmp;

    @Test
    void theSectionIsClusterLocalWithItsOwnKeysAndChecks() {
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("cluster.local.hosts", "0",
                "cluster.local.vmotionNetworkGbps", "0", "cluster.local.storageMigrationMBps", "-1",
                "cluster.local.datastores.maintenance", "", "cluster.local.pinCPUs", "no")))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).errors()).containsExactlyInAnyOrder(
                        "cluster.local.hosts: must be >= 1 (got 0)",
                        "cluster.local.vmotionNetworkGbps: must be > 0 (got 0)",
                        "cluster.local.storageMigrationMBps: must be > 0 (got -1)",
                        // one error: the datastore that cannot be bound keeps its default, so it is not also missing
                        "cluster.local.datastores.maintenance: expected a path, got ''",
                        "unknown key 'cluster.local.pinCPUs' (did you mean 'cluster.local.pinCpus'?)"));
    }

    @Test
    void aDatastoreOutsideTheWorkDirectoryMustExistOneInsideIsCreatedWhenFirstWritten() throws Exception {
        Path missing = tmp.resolve("elsewhere/app");
        LocalSettings settings = new LocalSettings(1, Map.of("app", missing, "maintenance", tmp.resolve("work/maint")),
                tmp.resolve("work"), false, 32, 10, 400, 0);

        assertThatThrownBy(() -> new LocalPlatformProvider().create(settings, CLUSTER))
                .isInstanceOf(PlatformSettingException.class)
                .hasMessage("cluster.local.datastores.app: " + missing + " does not exist");
        assertThat(tmp.resolve("work/maint")).doesNotExist();

        LocalSettings inside = new LocalSettings(1, Map.of("app", tmp.resolve("work/app"), "maintenance", tmp.resolve("work/maint")),
                tmp.resolve("work"), false, 32, 10, 400, 0);
        try (Platform platform = new LocalPlatformProvider().create(inside, CLUSTER)) {
            assertThat(platform.inventory().hosts()).singleElement()
                    .satisfies(host -> assertThat(host.cores()).isEqualTo(Runtime.getRuntime().availableProcessors()));
            // What cleanup does on a fresh machine (issue 17: it created the datastores): it looks, and creates nothing.
            assertThat(platform.leftovers(null)).isEmpty();
            assertThat(platform.cleanup("no-such-run")).isEmpty();
            assertThat(tmp.resolve("work")).doesNotExist();
            platform.createAndDeleteDisk("app", "probe", 4096);
            assertThat(tmp.resolve("work/app")).isDirectory();
        }
    }

    @Test
    void aMissingDatastoreUnderAFileCannotBeCreatedAndSaysWhy() throws Exception {
        java.nio.file.Files.writeString(tmp.resolve("afile"), "x");
        LocalSettings settings = new LocalSettings(1, Map.of("app", tmp.resolve("afile/app"), "maintenance", tmp.resolve("afile/m")),
                tmp.resolve("afile"), false, 32, 10, 400, 0);

        assertThatThrownBy(() -> new LocalPlatformProvider().create(settings, CLUSTER))
                .isInstanceOf(PlatformSettingException.class)
                .hasMessageContaining("cannot be created (" + tmp.resolve("afile") + " is not a directory)");
    }

    /** Issue 17: moving only the work directory left the default datastores behind, outside it, required to exist. */
    @Test
    void datastoresLeftAtTheirDefaultFollowTheWorkDirectoryOnesSetStay() throws Exception {
        var cluster = ConfigLoader.load(Optional.empty(), Map.of("cluster.local.workDir", tmp.resolve("w").toString(),
                "cluster.local.datastores.maintenance", tmp.resolve("fast/m").toString())).cluster();
        LocalSettings settings = (LocalSettings) cluster.section();

        assertThat(settings.datastores()).containsExactly(Map.entry("app", tmp.resolve("w").resolve("datastores/app")),
                Map.entry("maintenance", tmp.resolve("fast/m")));
    }
}
