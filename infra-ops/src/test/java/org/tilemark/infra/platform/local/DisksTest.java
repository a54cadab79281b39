package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DisksTest {

    @TempDir
    Path tmp;

    @Test
    void copyKeepsContentAndPermissionsAndCountsBytes() throws Exception {
        Path source = tmp.resolve("template/disk");
        Files.createDirectories(source.resolve("pgdata/base"));
        Files.writeString(source.resolve("pgdata/PG_VERSION"), "16\n");
        Files.write(source.resolve("pgdata/base/1"), new byte[4096]);
        Files.writeString(source.resolve("top.txt"), "hello");
        Files.setPosixFilePermissions(source.resolve("pgdata/PG_VERSION"), PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(source.resolve("top.txt"), PosixFilePermissions.fromString("rwxr-x---"));
        Files.setPosixFilePermissions(source.resolve("pgdata"), PosixFilePermissions.fromString("rwx------"));
        Path target = tmp.resolve("vm/disk");
        Files.createDirectories(target.getParent());

        long bytes = Disks.copy(source, target);

        assertThat(bytes).isEqualTo(3 + 4096 + 5);
        assertThat(Files.readString(target.resolve("pgdata/PG_VERSION"))).isEqualTo("16\n");
        assertThat(Files.readAllBytes(target.resolve("pgdata/base/1"))).hasSize(4096);
        assertThat(Files.readString(target.resolve("top.txt"))).isEqualTo("hello");
        assertThat(permissions(target.resolve("pgdata"))).isEqualTo("rwx------");
        assertThat(permissions(target.resolve("pgdata/PG_VERSION"))).isEqualTo("rw-------");
        assertThat(permissions(target.resolve("top.txt"))).isEqualTo("rwxr-x---");
        assertThat(Disks.size(target)).isEqualTo(bytes);
        // The source is untouched.
        assertThat(Files.readString(source.resolve("top.txt"))).isEqualTo("hello");
    }

    @Test
    void deleteRemovesATreeAndIgnoresAMissingOne() throws Exception {
        Path root = tmp.resolve("vm");
        Files.createDirectories(root.resolve("disk/a/b"));
        Files.writeString(root.resolve("disk/a/b/file"), "x");
        Files.writeString(root.resolve("console.log"), "y");

        Disks.delete(root);
        Disks.delete(root);

        assertThat(root).doesNotExist();
        assertThat(tmp).exists();
    }

    private static String permissions(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
