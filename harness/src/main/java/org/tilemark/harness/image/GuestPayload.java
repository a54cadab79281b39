package org.tilemark.harness.image;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * The guest's software in the image: a Java runtime jlink'd from the JDK this harness runs on (guest
 * and harness run the same Java), and the jars of this harness's own class path, which hold the guest
 * executable and its dependencies (PostgreSQL's binaries come inside the zonky jar). Class directories
 * of a reactor build (tests) are packed into jars of their own.
 */
final class GuestPayload {

    private final CommandRunner commands;
    private final BuildHost host;

    GuestPayload(CommandRunner commands, BuildHost host) {
        this.commands = commands;
        this.host = host;
    }

    void installJava(List<String> modules, Path target) throws ImageBuildException {
        Path jlink = host.javaHome().resolve("bin/jlink");
        if (!Files.isExecutable(jlink)) {
            throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, "no jlink in " + jlink.getParent()
                    + ": the harness must run on a JDK, not a JRE");
        }
        commands.run(List.of(jlink.toString(), "--add-modules", String.join(",", modules), "--strip-debug",
                "--no-header-files", "--no-man-pages", "--compress=zip-6",
                // a class-data sharing archive: the guest's JVM starts in a fraction of the time under emulation
                "--generate-cds-archive", "--output", target.toString()));
    }

    /** Copies the class path's jars (and jars of its class directories) to {@code lib}; returns their file names. */
    List<String> installJars(Path lib) throws IOException {
        Files.createDirectories(lib);
        List<String> names = new ArrayList<>();
        for (Path entry : classPath(host.classPathEntries())) {
            if (Files.isDirectory(entry)) {
                String name = moduleName(entry) + ".jar";
                packDirectory(entry, lib.resolve(name));
                names.add(name);
            } else if (entry.toString().endsWith(".jar") && !entry.getFileName().toString().startsWith("tilemark-harness")) {
                Files.copy(entry, lib.resolve(entry.getFileName()));
                names.add(entry.getFileName().toString());
            }
        }
        return names;
    }

    /** The running class path; a manifest-only launcher jar (as surefire starts tests) is expanded. */
    static Set<Path> classPath(List<String> elements) throws IOException {
        Set<Path> entries = new LinkedHashSet<>();
        for (String element : elements) {
            Path path = Path.of(element).toAbsolutePath().normalize();
            if (!Files.exists(path) || path.toString().contains("test-classes")) {
                continue;
            }
            // Only surefire's launcher jar stands for a class path; the harness jar's Class-Path repeats its lib directory.
            boolean launcher = Files.isRegularFile(path) && path.getFileName().toString().startsWith("surefire");
            String launcherPath = launcher ? manifestClassPath(path) : null;
            if (launcherPath != null && !launcherPath.isBlank()) {
                for (String uri : launcherPath.trim().split("\\s+")) {
                    Path inner = Path.of(path.getParent().toUri().resolve(uri)).toAbsolutePath().normalize();
                    if (Files.exists(inner) && !inner.toString().contains("test-classes") && !inner.toString().contains("surefire")) {
                        entries.add(inner);
                    }
                }
            } else if (!launcher) {
                entries.add(path);
            }
        }
        return entries;
    }

    private static String manifestClassPath(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            return manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
        }
    }

    /** {@code .../workloads/target/classes} is the module {@code tilemark-workloads}. */
    private static String moduleName(Path classes) {
        Path module = classes.getParent() == null ? classes : classes.getParent().getParent();
        return "tilemark-" + (module == null ? classes.getFileName() : module.getFileName());
    }

    private static void packDirectory(Path directory, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out);
             Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry(directory.relativize(file).toString().replace(File.separatorChar, '/')));
                Files.copy(file, zip);
                zip.closeEntry();
            }
        }
    }
}
