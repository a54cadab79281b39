package org.tilemark.templates.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.templates.guest.GuestDocumentFile;

/**
 * The image's hand-off of the readiness report to VMware guestinfo, run as the image runs it (sh, with
 * boot.env's variables). VMware's tools are stand-ins here that record what they were asked: this
 * machine is no VMware VM. What vCenter then shows is the vsphere platform's side, tested on vcsim.
 */
class ReadinessHandOffTest {

    private static final ImageRecipe RECIPE = ImageRecipe.standard();

    @TempDir
    Path dir;

    @Test
    void onVmwareTheReportGoesIntoGuestinfoOnOneLine() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve(GuestDocumentFile.READINESS.fileName()), "{\n  \"ready\" : true,\n  \"reason\" : \"a b\"\n}\n");
        Path asked = dir.resolve("asked");
        Path bin = tools(0, asked);

        assertThat(handOff(run, bin)).isZero();
        assertThat(Files.readString(asked)).isEqualTo("info-set " + NoCloudSeed.GUESTINFO_READINESS_KEY
                + " {  \"ready\" : true,  \"reason\" : \"a b\"}\n");
    }

    @Test
    void elsewhereOrWithoutAReportNothingIsSent() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Path asked = dir.resolve("asked");

        assertThat(handOff(run, tools(0, asked))).as("no report yet").isZero();
        Files.writeString(run.resolve(GuestDocumentFile.READINESS.fileName()), "{}");
        assertThat(handOff(run, tools(1, asked))).as("not a VMware VM").isZero();
        assertThat(asked).doesNotExist();
    }

    /** tilemark-guest-exited, as systemd runs it after the guest's process ended: only an abnormal end is reported. */
    @Test
    void anAbnormalEndRunsTheGuestOnceMoreToReportItAndACleanStopDoesNot() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path asked = dir.resolve("asked");
        executable(Files.createDirectories(home.resolve("bin")).resolve("tilemark-guest"),
                "#!/bin/sh\nprintf '%s|' \"$@\" > '" + asked + "'\n");
        Path script = dir.resolve("tilemark-guest-exited");
        Files.writeString(script, file(ImageRecipe.GUEST_HOME + "/bin/tilemark-guest-exited"));

        assertThat(stopPost(script, home, Map.of("SERVICE_RESULT", "success", "EXIT_CODE", "killed", "EXIT_STATUS", "TERM"))).isZero();
        assertThat(asked).as("a clean stop").doesNotExist();

        assertThat(stopPost(script, home, Map.of("SERVICE_RESULT", "core-dump", "EXIT_CODE", "dumped", "EXIT_STATUS", "SEGV"))).isZero();
        assertThat(Files.readString(asked)).isEqualTo("--exited|systemd: core-dump, dumped SEGV|");
        assertThat(file("/etc/systemd/system/tilemark-guest.service"))
                .contains("ExecStopPost=" + ImageRecipe.GUEST_HOME + "/bin/tilemark-guest-exited");
        assertThat(file(ImageRecipe.GUEST_LAUNCHER)).as("the launcher passes --exited on").contains("\"$@\"");
    }

    private static int stopPost(Path script, Path home, Map<String, String> systemd) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("sh", script.toString()).redirectErrorStream(true);
        builder.environment().put("GUEST_HOME", home.toString());
        builder.environment().putAll(systemd);
        Process process = builder.start();
        process.getInputStream().readAllBytes();
        return process.waitFor();
    }

    /** The units watch and read what the recipe's constants name: they are plain files and cannot refer to them. */
    @Test
    void theUnitsWatchTheReportAndReadBootEnv() {
        assertThat(file("/etc/systemd/system/tilemark-readiness.path"))
                .contains("PathChanged=" + ImageRecipe.GUEST_RUN + "/" + GuestDocumentFile.READINESS.fileName());
        assertThat(file("/etc/systemd/system/tilemark-readiness.service")).contains("EnvironmentFile=" + ImageRecipe.BOOT_ENV)
                .contains("ExecStart=" + ImageRecipe.GUEST_HOME + "/bin/tilemark-report-readiness");
        assertThat(ImageRecipe.BOOT_AGENT_UNITS).contains("tilemark-readiness.path");
    }

    private int handOff(Path run, Path bin) throws Exception {
        Path script = dir.resolve("tilemark-report-readiness");
        Files.writeString(script, file(ImageRecipe.GUEST_HOME + "/bin/tilemark-report-readiness"));
        ProcessBuilder builder = new ProcessBuilder("sh", script.toString()).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("PATH", bin + ":/usr/bin:/bin");
        env.put("GUEST_RUN", run.toString());
        env.put("GUESTINFO_READINESS_KEY", NoCloudSeed.GUESTINFO_READINESS_KEY);
        Process process = builder.start();
        process.getInputStream().readAllBytes();
        return process.waitFor();
    }

    /** vmware-checkvm exiting with {@code checkvmExit}; vmware-rpctool writing its argument to {@code asked}. */
    private Path tools(int checkvmExit, Path asked) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin-" + checkvmExit));
        executable(bin.resolve("vmware-checkvm"), "#!/bin/sh\nexit " + checkvmExit + "\n");
        executable(bin.resolve("vmware-rpctool"), "#!/bin/sh\nprintf '%s\\n' \"$1\" > '" + asked + "'\n");
        return bin;
    }

    private static void executable(Path path, String content) throws IOException {
        Files.writeString(path, content, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static String file(String path) {
        return RECIPE.bootAgent().stream().filter(f -> f.path().equals(path)).findFirst().orElseThrow().content();
    }
}
