package org.tilemark.workloads.olio.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real memcached (Debian's package; tests/setup/install-memcached.sh), started as the web VM starts it. */
class MemcachedTest {

    @TempDir
    Path disk;

    @Test
    void storesAddsDeletesAndCountsHitsAndMisses() throws Exception {
        assumeTrue(Memcached.unavailable().isEmpty(), "memcached is not installed");
        try (Memcached memcached = Memcached.start(disk)) {
            assertThat(memcached.server().standIn()).isFalse();
            assertThat(memcached.get("HomeContent")).isEmpty();
            memcached.set("HomeContent", "<ul>é\r\nEND\r\n</ul>", 0);
            assertThat(memcached.get("HomeContent")).hasValue("<ul>é\r\nEND\r\n</ul>");
            assertThat(memcached.add("HomeContent", "other", 0)).isFalse();
            assertThat(memcached.add("HomeUpdateLock", "me", 5)).isTrue();
            assertThat(memcached.add("HomeUpdateLock", "you", 5)).isFalse();
            memcached.delete("HomeUpdateLock");
            memcached.delete("never-there");
            assertThat(memcached.add("HomeUpdateLock", "you", 5)).isTrue();
            String large = "x".repeat(200_000);
            memcached.set("large", large, 0);
            assertThat(memcached.get("large")).hasValue(large);
            assertThat(memcached.stats()).containsEntry("get_hits", "2").containsEntry("get_misses", "1")
                    .containsEntry("limit_maxbytes", Long.toString(Memcached.MEMORY_MB * 1024L * 1024));
            assertThatThrownBy(() -> memcached.get("has space")).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(Files.exists(disk.resolve("memcached.sock"))).isFalse();
    }

    @Test
    void anEntryExpiresAfterItsTimeToLive() throws Exception {
        assumeTrue(Memcached.unavailable().isEmpty(), "memcached is not installed");
        try (Memcached memcached = Memcached.start(disk)) {
            memcached.set("HomeUpdateSema", "1", 1);
            assertThat(memcached.get("HomeUpdateSema")).hasValue("1");
            long deadline = System.currentTimeMillis() + 5_000;
            Optional<String> value = memcached.get("HomeUpdateSema");
            while (value.isPresent() && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
                value = memcached.get("HomeUpdateSema");
            }
            assertThat(value).isEmpty();
        }
    }

    @Test
    void aDeepDiskGetsItsSocketElsewhereAndNamesTheDiskOnTheCommandLine() throws Exception {
        assumeTrue(Memcached.unavailable().isEmpty(), "memcached is not installed");
        Path deep = disk.resolve("a".repeat(60)).resolve("b".repeat(60));
        try (Memcached memcached = Memcached.start(deep)) {
            memcached.set("k", "v", 0);
            assertThat(memcached.get("k")).hasValue("v");
            assertThat(ProcessHandle.current().children().map(p -> p.info().commandLine().orElse(""))
                    .anyMatch(line -> line.contains("memcached") && line.contains(deep.toString()))).isTrue();
        }
    }

    @Test
    void choosingNamesTheSettingAndRefusesMemcachedWhereItCannotRun() {
        assertThatThrownBy(() -> OlioCaches.choose("redis")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("olio.cache 'redis'");
        assertThat(OlioCaches.choose("map")).isEqualTo(OlioCaches.MAP);
        if (Memcached.unavailable().isEmpty()) {
            assertThat(OlioCaches.choose("auto")).isEqualTo(OlioCaches.MEMCACHED);
        } else {
            assertThat(OlioCaches.choose("auto")).isEqualTo(OlioCaches.MAP);
            assertThatThrownBy(() -> OlioCaches.choose("memcached")).hasMessageContaining("not installed");
        }
    }
}
