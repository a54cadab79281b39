package org.tilemark.infra.platform.local;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A role's dynamic class-data archive, which its local guests map at start: a guest restarted by Storage vMotion,
 * XvMotion or Deploy then loads its classes from it instead of parsing and verifying them again.
 *
 * <p>Only a whole archive is ever at the shared path. The JVM writes an archive in place as it exits
 * ({@code -XX:ArchiveClassesAtExit}, as {@code -XX:+AutoCreateSharedArchive} did on the shared path itself), so a
 * guest killed while writing, or one starting while another wrote, could find a partial archive. Guests writing
 * the shared path left one that JDK 25 crashed on at start (SIGSEGV in {@code AOTClassLocationConfig::validate},
 * exit 134) for every later guest of the role, run after run. So a role's first guest writes into a file of its
 * own, and the archive is moved to the shared path (one atomic rename) only once that guest has exited by its own
 * shutdown.
 *
 * <p>The shared file's name holds a fingerprint of the JVM and of every jar on the class path (name, size,
 * modification time): after a rebuild or another JDK, the role's next guest makes a new archive and the old
 * one is deleted, as the JVM's own check would have made it do.
 */
final class ClassDataArchive {

    /** Exit statuses of a JVM that ran its shutdown, and so finished the archive: its own exit, SIGTERM (a power-off). */
    private static final List<Integer> SHUT_DOWN = List.of(0, 128 + 15);
    private static final String SUFFIX = ".jsa";

    private final Path directory;
    private final String role;
    private final Path shared;

    private ClassDataArchive(Path directory, String role, String fingerprint) {
        this.directory = directory;
        this.role = role;
        this.shared = directory.resolve(role + "-" + fingerprint + SUFFIX);
    }

    static ClassDataArchive of(Path directory, String role, String java, String classPath) throws IOException {
        Files.createDirectories(directory);
        return new ClassDataArchive(directory, role, fingerprint(java, classPath));
    }

    /** The shared archive: whole when it exists. */
    Path shared() {
        return shared;
    }

    /** A guest's options when the archive exists: map it (a JVM that cannot use it starts without it). */
    List<String> mapOptions() {
        return List.of("-XX:SharedArchiveFile=" + shared);
    }

    /**
     * The dump guest {@code vmName} makes as it exits, when the role has no archive yet: a file of its own beside the
     * shared one (not in its VM directory, which a destroy deletes as the guest exits).
     */
    Optional<Dump> dumpFor(String vmName) {
        String own = shared.getFileName().toString().replace(SUFFIX, "." + vmName + "-" + System.nanoTime() + ".part");
        return Files.isRegularFile(shared) ? Optional.empty() : Optional.of(new Dump(directory.resolve(own)));
    }

    /** An archive a guest writes into its own VM directory as it exits, published once it is whole. */
    final class Dump {
        private final Path own;

        private Dump(Path own) {
            this.own = own;
        }

        List<String> options() {
            return List.of("-XX:ArchiveClassesAtExit=" + own);
        }

        Path file() {
            return own;
        }

        /**
         * When {@code guest} has exited by its own shutdown, its archive becomes the role's; else it is dropped. On a
         * thread of its own, as the platform watches its guests: {@code Process.onExit()} completes on the common
         * fork-join pool, which a busy harness can hold.
         */
        void publishWhenExited(Process guest) {
            Thread.ofPlatform().daemon().name("class-data-" + role).start(() -> {
                try {
                    publish(guest.waitFor());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }

        void publish(int exitStatus) {
            try {
                if (SHUT_DOWN.contains(exitStatus) && Files.size(own) > 0) {
                    // the stale names first: once the role's archive is there, it is the only one
                    deleteOtherFingerprints();
                    Files.move(own, shared, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } else {
                    Files.deleteIfExists(own);
                }
            } catch (IOException e) {
                // no archive, or it could not be moved: the role's next guest makes one again
            }
        }
    }

    private void deleteOtherFingerprints() throws IOException {
        // <role>.jsa: the name before fingerprints, written in place (and the one found damaged)
        Pattern mine = Pattern.compile(Pattern.quote(role) + "(-[0-9a-f]{16})?" + Pattern.quote(SUFFIX));
        try (DirectoryStream<Path> archives = Files.newDirectoryStream(directory)) {
            for (Path archive : archives) {
                if (!archive.equals(shared) && mine.matcher(archive.getFileName().toString()).matches()) {
                    Files.deleteIfExists(archive);
                }
            }
        }
    }

    /** The JVM and each class-path jar (a directory's {@code *} expanded as the JVM does), by name, size and time. */
    static String fingerprint(String java, String classPath) throws IOException {
        List<String> parts = new ArrayList<>(List.of(java, Runtime.version().toString()));
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.endsWith("*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 1));
                List<Path> jars = new ArrayList<>();
                if (Files.isDirectory(dir)) {
                    try (DirectoryStream<Path> listed = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
                        listed.forEach(jars::add);
                    }
                }
                jars.stream().sorted().forEach(jar -> parts.add(describe(jar)));
            } else {
                parts.add(describe(Path.of(entry)));
            }
        }
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            parts.forEach(part -> sha.update((part + "\n").getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static String describe(Path file) {
        try {
            return file + " " + Files.size(file) + " " + Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return file + " absent";
        }
    }
}
