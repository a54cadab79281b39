package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VmRegistryTest {

    @TempDir
    Path tmp;

    @Test
    void entriesRoundTripPerRunAndRemoveCleansUp() throws Exception {
        VmRegistry registry = new VmRegistry(tmp.resolve("vms"));
        VmRegistry.Entry db = new VmRegistry.Entry("run-1", "tile1-db", tmp.resolve("app/run-1/tile1-db"));
        VmRegistry.Entry web = new VmRegistry.Entry("run-1", "tile1-web1", tmp.resolve("app/run-1/../run-1/tile1-web1"));
        VmRegistry.Entry other = new VmRegistry.Entry("run-2", "tile1-db", tmp.resolve("app/run-2/tile1-db"));

        assertThat(registry.entries(null)).isEmpty();
        registry.add(db);
        registry.add(web);
        registry.add(other);

        assertThat(registry.entries("run-1")).containsExactlyInAnyOrder(db,
                new VmRegistry.Entry("run-1", "tile1-web1", tmp.resolve("app/run-1/tile1-web1")));
        assertThat(registry.entries(null)).hasSize(3);
        assertThat(registry.entries("run-3")).isEmpty();

        registry.remove(db);
        assertThat(registry.entries("run-1")).extracting(VmRegistry.Entry::vmName).containsExactly("tile1-web1");
        registry.remove(web);
        assertThat(registry.entries("run-1")).isEmpty();
        assertThat(tmp.resolve("vms/run-1")).doesNotExist();
        assertThat(registry.entries(null)).containsExactly(other);
    }

    @Test
    void aRunIsLiveWhileTheHarnessThatDeployedItRunsAndNotAfter() throws Exception {
        VmRegistry registry = new VmRegistry(tmp.resolve("vms"));
        registry.add(new VmRegistry.Entry("run-live", "tile1-db", tmp.resolve("app/run-live/tile1-db")));
        registry.add(new VmRegistry.Entry("run-dead", "tile1-db", tmp.resolve("app/run-dead/tile1-db")));
        // run-dead's harness was a process that has ended: a real one, started and waited for.
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Path dead = tmp.resolve("vms/run-dead/tile1-db.properties");
        java.nio.file.Files.writeString(dead, java.nio.file.Files.readString(dead)
                .replaceAll("(?m)^owner=.*$", "owner=" + ended.pid()));

        assertThat(registry.liveRuns()).containsOnlyKeys("run-live")
                .containsEntry("run-live", "harness pid " + ProcessHandle.current().pid());
    }
}
