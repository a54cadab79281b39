package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Makes a target directory tree equal to a source tree, copying only files whose size or
 * modification time differ and deleting what the source no longer has: the pre-copy and the final
 * delta copy of a Storage vMotion.
 */
final class DiskSync {

    private DiskSync() {
    }

    /**
     * Brings {@code target} up to date with {@code source} and returns the bytes copied.
     *
     * @param live the source is still being written (a pre-copy): files that vanish mid-walk are skipped
     *             (the final pass, with the guest stopped, copies the truth)
     */
    static long sync(Path source, Path target, boolean live) throws IOException {
        Files.createDirectories(target);
        Set<Path> seen = new HashSet<>();
        long[] bytes = {0};
        Files.walkFileTree(source, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path relative = source.relativize(dir);
                seen.add(relative);
                Path copy = target.resolve(relative.toString());
                Files.createDirectories(copy);
                // Permissions matter: PostgreSQL refuses a data directory others may read.
                Files.setPosixFilePermissions(copy, Files.getPosixFilePermissions(dir));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (!attrs.isRegularFile()) {
                    return FileVisitResult.CONTINUE;
                }
                Path relative = source.relativize(file);
                seen.add(relative);
                Path copy = target.resolve(relative.toString());
                if (unchanged(attrs, copy)) {
                    return FileVisitResult.CONTINUE;
                }
                try {
                    Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES,
                            LinkOption.NOFOLLOW_LINKS);
                    bytes[0] += Files.size(copy);
                } catch (NoSuchFileException e) {
                    if (!live) {
                        throw e;
                    }
                    seen.remove(relative);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (live && e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
        deleteUnseen(target, seen);
        return bytes[0];
    }

    private static boolean unchanged(BasicFileAttributes source, Path copy) throws IOException {
        if (!Files.isRegularFile(copy, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        BasicFileAttributes attrs = Files.readAttributes(copy, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        return attrs.size() == source.size() && attrs.lastModifiedTime().equals(source.lastModifiedTime());
    }

    private static void deleteUnseen(Path target, Set<Path> seen) throws IOException {
        List<Path> stale = new ArrayList<>();
        try (var walk = Files.walk(target)) {
            walk.filter(p -> !seen.contains(target.relativize(p))).forEach(stale::add);
        }
        stale.sort((a, b) -> b.getNameCount() - a.getNameCount());
        for (Path p : stale) {
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                Disks.delete(p);
            } else {
                Files.deleteIfExists(p);
            }
        }
    }
}
