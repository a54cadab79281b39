package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.templates.VmSize;
import org.tilemark.templates.guest.GuestConfig;

/** Guest processes as the launcher starts them, on a class path of jars as the harness's is. */
class GuestLauncherTest {

    @TempDir
    Path tmp;

    /**
     * A role's first guest leaves a class-data archive as it exits; the next start maps it as it is
     * (the JVM would write a new one at exit if it found it unusable), so its modification time stays.
     */
    @Test
    void aRolesFirstGuestLeavesAClassDataArchiveThatLaterStartsUseAsItIs() throws Exception {
        Path classData = tmp.resolve("class-data");
        GuestLauncher launcher = new GuestLauncher(false, EchoGuest.class.getName(), classData, jarClassPath());
        Path archive = classData.resolve("echo.jsa");

        run(launcher, "template", true);
        assertThat(archive).as("a template build makes none").doesNotExist();

        run(launcher, "first", false);
        assertThat(archive).isNotEmptyFile();
        FileTime made = Files.getLastModifiedTime(archive);

        run(launcher, "second", false);
        assertThat(Files.getLastModifiedTime(archive)).as("used, not made again").isEqualTo(made);
    }

    /** Starts an echo guest, waits for its readiness report (a template build: for its exit), then stops it as a power-off does. */
    private void run(GuestLauncher launcher, String name, boolean build) throws Exception {
        VmDirectory vm = new VmDirectory(tmp.resolve(name));
        Files.createDirectories(vm.disk());
        vm.writeGuestConfig(new GuestConfig("echo", 1, "run-cds", name, "127.0.0.1", "127.0.0.1/32", Map.of(), Map.of(),
                Map.of()));
        Process process = launcher.launch(new GuestLauncher.GuestLaunchRequest(name, "run-cds", "echo",
                new VmSize(1, 128, 1), "0", vm, build));
        if (!build) {
            assertThat(vm.awaitReport(name, process, Duration.ofSeconds(60)).isReady()).isTrue();
            process.destroy();
        }
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(name + " exited; console:\n" + vm.consoleTail(20)).isTrue();
    }

    /** This JVM's class path with each directory (target/classes, target/test-classes) packed into a jar. */
    private String jarClassPath() throws IOException {
        List<String> entries = new ArrayList<>();
        int jars = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path)) {
                Path jar = tmp.resolve("classes-" + (jars++) + ".jar");
                pack(path, jar);
                entries.add(jar.toString());
            } else {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void pack(Path dir, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream packed = new JarOutputStream(out);
             Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                packed.putNextEntry(new JarEntry(dir.relativize(file).toString().replace(File.separatorChar, '/')));
                Files.copy(file, packed);
                packed.closeEntry();
            }
        }
    }
}
