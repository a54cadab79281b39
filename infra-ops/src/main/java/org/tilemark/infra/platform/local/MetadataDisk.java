package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.tilemark.infra.platform.PlatformException;

/**
 * A virtual disk created and deleted on a datastore directory: a file fully written and synced (a
 * thick disk: the filesystem allocates every block and journals the metadata), then deleted with its
 * directory entry synced. On a shared filesystem those allocations and journal commits are what
 * contend with the I/O of the VMs on it.
 */
final class MetadataDisk {

    private static final int CHUNK = 1 << 20;

    private MetadataDisk() {
    }

    static Duration createAndDelete(Path directory, String name, long bytes) throws PlatformException {
        long start = System.nanoTime();
        Path file = directory.resolve(name + ".vmdk");
        try {
            Files.createDirectories(directory);
            try (FileChannel disk = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer zeros = ByteBuffer.allocateDirect(CHUNK);
                long written = 0;
                while (written < bytes) {
                    zeros.clear().limit((int) Math.min(CHUNK, bytes - written));
                    written += disk.write(zeros);
                }
                disk.force(true);
            }
            Files.delete(file);
            syncDirectory(directory);
            return Duration.ofNanos(System.nanoTime() - start);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // the datastore refuses even that: the message below says why
            }
            throw new PlatformException("creating and deleting disk " + file + ": " + e.getMessage(), e);
        }
    }

    private static void syncDirectory(Path directory) throws IOException {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }
}
