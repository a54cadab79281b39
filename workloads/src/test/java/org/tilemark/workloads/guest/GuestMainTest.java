package org.tilemark.workloads.guest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessConsole;
import org.tilemark.templates.guest.ReadinessReport;
import org.tilemark.templates.image.GuestImage;
import org.tilemark.templates.image.ImageManifest;

/** The guest executable, run as a process as a platform runs it: a broken config ends in a failed readiness report, not a hang. */
class GuestMainTest {

    @TempDir
    Path dir;

    @Test
    void anUnknownRoleIsReportedAsTheFailure() throws Exception {
        ReadinessReport report = launch(config("nosuch", Map.of(), Map.of()));

        assertThat(report.isReady()).isFalse();
        assertThat(report.vmName()).isEqualTo("tile1-x");
        assertThat(report.reason()).contains("unknown role 'nosuch'").contains("dvdstore-db");
    }

    @Test
    void aMissingPeerIsReportedAsTheFailure() throws Exception {
        ReadinessReport report = launch(config("dvdstore-web", Map.of("dvdstore.db.peer", "tile1-dvdstore-db"),
                Map.of("TILEMARK_DVDSTORE_DB_PASSWORD", "pw")));

        assertThat(report.isReady()).isFalse();
        assertThat(report.role()).isEqualTo("dvdstore-web");
        assertThat(report.reason()).contains("missing peer").contains("tile1-dvdstore-db");
    }

    @Test
    void aConfigThatCannotBeReadIsReportedAsTheFailure() throws Exception {
        Path config = dir.resolve(GuestDocumentFile.CONFIG.fileName());
        Files.writeString(config, "{\"format\": \"tilemark-guest-config\", \"version\": 99, \"document\": {}}");

        ReadinessReport report = launch(config);

        assertThat(report.isReady()).isFalse();
        assertThat(report.reason()).contains("version 99 is not supported");
    }

    @Test
    void prepareOncePreparesTheDiskOnTheFirstStartOnlyAndServesInTheSameProcess() throws Exception {
        Path config = config("standby", Map.of(), Map.of());
        Path marker = dir.resolve("disk").resolve(".prepared");
        Files.createDirectories(marker.getParent());

        String first = serveUntilReady(config, marker);
        String second = serveUntilReady(config, marker);

        assertThat(marker).exists();
        assertThat(first).contains("disk for standby prepared").contains("guest standby ready");
        assertThat(second).doesNotContain("prepared").contains("guest standby ready");
    }

    /** Issue 12: a guest on an image names the image in its ready report, so run.json can disclose it. */
    @Test
    void aGuestOnAnImageReportsTheManifestItRunsOnAndItsDigest() throws Exception {
        Path config = config("standby", Map.of(), Map.of());
        Path marker = dir.resolve("disk").resolve(".prepared");
        Files.createDirectories(marker.getParent());
        Path manifest = dir.resolve("image-manifest.json");
        new ImageManifest("0.1.0", "bookworm", "amd64", "http://deb.debian.org/debian", "6.1.0-50-cloud-amd64", "25+36", "18.6",
                Map.of("bash", "5.2.15-2+b9"), List.of("tilemark-workloads.jar"), null).write(manifest);

        String digest = GuestImage.sha256(Files.readAllBytes(manifest));

        serveUntilReady(config, marker, "--image-manifest", manifest.toString());

        ReadinessReport report = GuestDocumentFile.READINESS.read(dir.resolve(GuestDocumentFile.READINESS.fileName()));
        assertThat(report.guestImage()).hasValueSatisfying(image -> {
            assertThat(image.manifestSha256()).isEqualTo(digest);
            assertThat(image.manifest().kernel()).isEqualTo("6.1.0-50-cloud-amd64");
            assertThat(image.manifest().packages()).containsEntry("bash", "5.2.15-2+b9");
        });
    }

    @Test
    void aGuestThatCannotReadItsImageManifestReportsThatInsteadOfServing() throws Exception {
        Path config = config("standby", Map.of(), Map.of());
        Path manifest = dir.resolve("image-manifest.json");
        Files.writeString(manifest, "{\"format\": \"something-else\", \"version\": 1}");

        ReadinessReport report = launch(config, "--image-manifest", manifest.toString());

        assertThat(report.isReady()).isFalse();
        assertThat(report.reason()).contains("cannot read the image manifest " + manifest).contains("format 'something-else'");
    }

    /** The boot agent's ExecStopPost after a crash: the guest never reported, so --exited reports for it. */
    @Test
    void aGuestThatDiedBeforeReportingIsReportedFailedWithHowItEnded() throws Exception {
        Path config = config("dvdstore-db", Map.of(), Map.of());
        Path report = dir.resolve(GuestDocumentFile.READINESS.fileName());
        Process exited = new ProcessBuilder(command(config, dir.resolve("disk"), report, "--exited", "systemd: core-dump, dumped SEGV"))
                .redirectErrorStream(true).redirectOutput(dir.resolve("console.log").toFile()).start();

        assertThat(exited.waitFor(120, TimeUnit.SECONDS)).isTrue();
        ReadinessReport failed = GuestDocumentFile.READINESS.read(report);
        assertThat(failed.isReady()).isFalse();
        assertThat(failed.vmName()).isEqualTo("tile1-x");
        assertThat(failed.role()).isEqualTo("dvdstore-db");
        assertThat(failed.reason()).isEqualTo("the guest process ended before it was ready (systemd: core-dump, dumped SEGV)");
        assertThat(Files.readString(dir.resolve("console.log"))).as("the tagged line a console-reading platform waits for")
                .contains(ReadinessConsole.toLine(failed));
    }

    @Test
    void aReadyGuestThatDiesNoLongerReportsReadyAndAGuestThatSaidWhyKeepsItsReason() throws Exception {
        Path config = config("standby", Map.of(), Map.of());
        Path report = dir.resolve(GuestDocumentFile.READINESS.fileName());
        GuestDocumentFile.READINESS.write(report, ReadinessReport.ready("tile1-x", "standby", Map.of("http", 8080), 42));

        assertThat(AbnormalExit.report(config, report, "systemd: signal, killed KILL")).isPresent();
        assertThat(GuestDocumentFile.READINESS.read(report).reason())
                .isEqualTo("the guest process ended after it was ready (systemd: signal, killed KILL)");

        GuestDocumentFile.READINESS.write(report, ReadinessReport.failed("tile1-x", "standby", "missing peer x", 42));
        assertThat(AbnormalExit.report(config, report, "systemd: exit-code, exited 1")).isEmpty();
        assertThat(GuestDocumentFile.READINESS.read(report).reason()).isEqualTo("missing peer x");
    }

    /** Starts the guest with {@code --prepare-once}, waits for its ready report and line, stops it, and returns its console. */
    private String serveUntilReady(Path config, Path marker, String... options) throws Exception {
        Path report = dir.resolve(GuestDocumentFile.READINESS.fileName());
        Files.deleteIfExists(report);
        Path console = dir.resolve("console.log");
        Process guest = new ProcessBuilder(command(config, marker.getParent(), report,
                Stream.concat(Stream.of("--prepare-once", marker.toString()), Arrays.stream(options))
                        .toArray(String[]::new)))
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            // The guest writes its report, then prints its ready line: wait for both, or a stop can land between them.
            while (!(Files.isRegularFile(report) && Files.readString(console).contains(" ready on "))
                    && guest.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(GuestDocumentFile.READINESS.read(report).isReady()).as(Files.readString(console)).isTrue();
        } finally {
            guest.destroy();
            guest.waitFor(30, TimeUnit.SECONDS);
        }
        return Files.readString(console);
    }

    private Path config(String role, Map<String, String> settings, Map<String, String> secrets) throws Exception {
        Path file = dir.resolve(GuestDocumentFile.CONFIG.fileName());
        GuestDocumentFile.CONFIG.write(file, new GuestConfig(role, 1, "run-g", "tile1-x", "127.0.0.1", "127.0.0.1/32", Map.of(),
                settings, secrets));
        return file;
    }

    /** The guest's command line: this test's classpath, the config, disk and report, then {@code options}. */
    private static List<String> command(Path config, Path disk, Path report, String... options) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-cp", System.getProperty("java.class.path"), GuestMain.class.getName(),
                "--config", config.toString(), "--disk", disk.toString(), "--report", report.toString()));
        command.addAll(List.of(options));
        return command;
    }

    /** Starts the guest with {@code options}, expects it to fail, and returns its report. */
    private ReadinessReport launch(Path config, String... options) throws Exception {
        Path report = dir.resolve(GuestDocumentFile.READINESS.fileName());
        Process guest = new ProcessBuilder(command(config, dir.resolve("disk"), report, options))
                .redirectErrorStream(true).redirectOutput(dir.resolve("console.log").toFile()).start();
        assertThat(guest.waitFor(120, TimeUnit.SECONDS)).as("the guest exits instead of hanging").isTrue();
        assertThat(guest.exitValue()).isEqualTo(1);
        assertThat(Files.readString(dir.resolve("console.log"))).contains("failed: ");
        return GuestDocumentFile.READINESS.read(report);
    }
}
