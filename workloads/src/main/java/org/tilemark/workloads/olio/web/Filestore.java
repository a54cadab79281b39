package org.tilemark.workloads.olio.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Uploaded and sample media on the web VM's disk ({@code disk/filestore}), addressed by the relative
 * paths the database stores (e.g. {@code events/12/image.jpg}) and served under {@code /files/}.
 */
final class Filestore {

    static final String DIRECTORY_NAME = "filestore";

    private final Path root;

    Filestore(Path disk) {
        this.root = disk.resolve(DIRECTORY_NAME).toAbsolutePath().normalize();
    }

    Path root() {
        return root;
    }

    /** Writes the file completely under a temporary name, then renames it: readers never see half a file. */
    void store(String relativePath, byte[] bytes) throws IOException {
        Path target = resolve(relativePath);
        Files.createDirectories(target.getParent());
        Path temp = Files.createTempFile(target.getParent(), ".upload-", ".tmp");
        try {
            Files.write(temp, bytes);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    boolean exists(String relativePath) {
        return Files.isRegularFile(resolve(relativePath));
    }

    Path resolve(String relativePath) {
        Path path = root.resolve(relativePath).normalize();
        if (!path.startsWith(root) || path.equals(root)) {
            throw new IllegalArgumentException("'" + relativePath + "' is not a path inside the filestore");
        }
        return path;
    }
}
