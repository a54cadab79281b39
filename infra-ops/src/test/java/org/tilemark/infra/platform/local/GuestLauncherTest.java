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
     * A role's first guest writes a class-data archive into its own directory as it exits, which then becomes the
     * role's; the next start maps it as it is, so its modification time stays.
     */
    @Test
    void aRolesFirstGuestLeavesAClassDataArchiveThatLaterStartsUseAsItIs() throws Exception {
        GuestLauncher launcher = new GuestLauncher(false, EchoGuest.class.getName(), tmp.resolve("class-data"), jarClassPath());
        Path archive = launcher.classDataArchive("echo").shared();
        Path older = Files.write(tmp.resolve("class-data/echo.jsa"), new byte[] {0}); // as guests wrote it before fingerprints

        run(launcher, "template", true, false);
        assertThat(archive).as("a template build makes none").doesNotExist();

        run(launcher, "first", false, false);
        awaitFile(archive);
        assertThat(archive).isNotEmptyFile();
        assertThat(parts()).as("moved, not copied").isEmpty();
        assertThat(older).as("the role's archive of before is deleted").doesNotExist();
        FileTime made = Files.getLastModifiedTime(archive);

        run(launcher, "second", false, false);
        Thread.sleep(500); // a publish would follow the exit
        assertThat(Files.getLastModifiedTime(archive)).as("used, not made again").isEqualTo(made);
        assertThat(parts()).isEmpty();
    }

    /**
     * A guest killed before its shutdown could finish its archive publishes none: a partial archive at the shared
     * path crashed every later guest of the role at start (JDK 25, exit 134).
     */
    @Test
    void aGuestKilledWithoutItsShutdownLeavesNoArchiveForTheRole() throws Exception {
        GuestLauncher launcher = new GuestLauncher(false, EchoGuest.class.getName(), tmp.resolve("class-data"), jarClassPath());
        Path archive = launcher.classDataArchive("echo").shared();

        run(launcher, "killed", false, true);
        Thread.sleep(500); // a publish would follow the exit
        assertThat(archive).doesNotExist();
        assertThat(parts()).as("its unfinished file is deleted").isEmpty();

        run(launcher, "after", false, false);
        awaitFile(archive);
        assertThat(archive).as("the next guest that shuts down makes it").isNotEmptyFile();
    }

    @Test
    void theArchivesNameChangesWithTheJars() throws Exception {
        Path jar = tmp.resolve("lib/a.jar");
        Files.createDirectories(jar.getParent());
        Files.write(jar, new byte[] {1});
        String before = ClassDataArchive.fingerprint("java", tmp.resolve("lib") + File.separator + "*");
        Files.write(jar, new byte[] {1, 2});
        assertThat(ClassDataArchive.fingerprint("java", tmp.resolve("lib") + File.separator + "*")).isNotEqualTo(before);
        assertThat(ClassDataArchive.fingerprint("java", jar.toString())).isNotEqualTo(before);
    }

    private List<Path> parts() throws IOException {
        try (Stream<Path> files = Files.list(tmp.resolve("class-data"))) {
            return files.filter(f -> f.toString().endsWith(".part")).toList();
        }
    }

    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.isRegularFile(file) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }

    /** Starts an echo guest, waits for its readiness report (a template build: for its exit), then stops it as a power-off does. */
    private void run(GuestLauncher launcher, String name, boolean build, boolean kill) throws Exception {
        VmDirectory vm = new VmDirectory(tmp.resolve(name));
        Files.createDirectories(vm.disk());
        vm.writeGuestConfig(new GuestConfig("echo", 1, "run-cds", name, "127.0.0.1", "127.0.0.1/32", Map.of(), Map.of(),
                Map.of()));
        Process process = launcher.launch(new GuestLauncher.GuestLaunchRequest(name, "run-cds", "echo",
                new VmSize(1, 128, 1), "0", vm, build));
        if (!build) {
            assertThat(vm.awaitReport(name, process, Duration.ofSeconds(60)).isReady()).isTrue();
            if (kill) {
                process.destroyForcibly();
            } else {
                process.destroy();
            }
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
