package org.tilemark.workloads.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk on a real (tiny, loop-mounted ext4) filesystem. Needs root and loop devices; skipped
 * (by assumption) where mkfs.ext4 or mount is not available or not permitted.
 */
class IoDiskFullTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;
    private Path mountPoint;
    private boolean mounted;

    @BeforeEach
    void mountATinyFilesystem() throws Exception {
        Path image = dir.resolve("disk.img");
        mountPoint = Files.createDirectory(dir.resolve("mnt"));
        try (RandomAccessFile raf = new RandomAccessFile(image.toFile(), "rw")) {
            raf.setLength(20 * MIB);
        }
        assumeTrue(exec("mkfs.ext4", "-q", image.toString()), "mkfs.ext4 is not available");
        mounted = exec("mount", "-o", "loop", image.toString(), mountPoint.toString());
        assumeTrue(mounted, "mounting a loop device is not permitted here");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            assertThat(exec("umount", mountPoint.toString())).as("umount (fails while a file is still open)").isTrue();
        }
    }

    @Test
    void preallocatingMoreThanTheDiskHoldsSaysDiskFullAndLeavesNoFile() {
        Path file = mountPoint.resolve("too-big");
        assertThatThrownBy(() -> IoEngine.preallocate(file, 64 * MIB, 1))
                .isInstanceOf(DiskFullException.class).hasMessageContaining("disk full").hasMessageContaining(file.toString());
        assertThat(file).doesNotExist();
    }

    @Test
    void aWriteRunThatFillsTheDiskStopsWithDiskFullAndClosesItsFiles() throws Exception {
        IoEngine.preallocate(mountPoint.resolve("filler"), 12 * MIB, 1);
        Path sparse = mountPoint.resolve("sparse"); // its holes need blocks the disk no longer has
        try (RandomAccessFile raf = new RandomAccessFile(sparse.toFile(), "rw")) {
            raf.setLength(16 * MIB);
        }

        assertThatThrownBy(() -> IoEngine.run(List.of(sparse), AccessSpec.preset("64k-seqwrite", 4), 1,
                Duration.ZERO, Duration.ofSeconds(30), 1))
                .isInstanceOf(DiskFullException.class).hasMessageContaining("disk full");
        // unmount() then proves that no file on the disk is still open
    }

    private static boolean exec(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException notInstalled) {
            return false;
        }
        return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
    }
}
