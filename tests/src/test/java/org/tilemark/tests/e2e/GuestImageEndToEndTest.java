package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.HostPort;
import org.tilemark.templates.guest.ReadinessConsole;
import org.tilemark.templates.guest.ReadinessReport;
import org.tilemark.templates.image.ImageManifest;
import org.tilemark.tests.image.TestGuestImage;
import org.tilemark.workloads.guest.AbnormalExit;
import org.tilemark.tests.lanes.VmLane;

/**
 * The guest image for real: built with {@code tilemark image build} (Debian packages cached between
 * builds), booted under QEMU in software emulation with a NoCloud volume per VM. The VMs boot at once
 * when the class starts and each test waits for its own; the class runs beside the local runs at the lowest
 * CPU priority ({@link VmLane}), so a tile's QoS there does not suffer. From this machine, through a forwarded loopback port, the
 * DVD Store database serves DS3 rows to the password its guest config alone carries, and reports the
 * image it booted; a broken guest config makes the VM report why on its console. (A standby VM's
 * heartbeat from the host, and VMs of the image on a platform: LibvirtPlatformContractTest, in the same
 * suite on the same image. A missing peer: GuestMainTest, the same report path.)
 */
@VmLane
class GuestImageEndToEndTest {

    private static final Path DIR = E2e.TARGET.resolve("guest-image-e2e");
    private static final Duration BOOT_TIMEOUT = Duration.ofMinutes(15);
    private static final int MEMORY_MB = 1024;
    private static final int IMAGE_DISK_GB = 8;
    private static final int DB_DISK_GB = Math.max(IMAGE_DISK_GB, RoleCatalog.forRole("dvdstore-db").size().diskGb());
    private static final int DB_VCPUS = Math.min(Runtime.getRuntime().availableProcessors(), RoleCatalog.forRole("dvdstore-db").size().vcpus());
    private static final String DB_PASSWORD = "vm-only-" + Long.toHexString(System.nanoTime());
    private static QemuTcgVm dvdstoreDb;
    private static QemuTcgVm unknownRole;
    /** The image's own manifest as the sidecar of the build names it: what its guests must report. */
    private static ImageManifest.ImageFile builtImage;

    @BeforeAll
    static void buildImageAndBootItsVms() throws Exception {
        Process setup = new ProcessBuilder("bash", Path.of("setup/install-vm-tools.sh").toAbsolutePath().toString())
                .inheritIO().start();
        assertThat(setup.waitFor()).as("tests/setup/install-vm-tools.sh").isZero();
        TestGuestImage.Image built = TestGuestImage.get();
        assertThat(Files.readString(built.manifestFile())).contains("\"kernel\"", "\"postgresql\"", built.manifest().image().sha256());
        builtImage = built.manifest().image();
        Path image = built.file();

        // Disks as a platform sizes them: the role's size from the catalog, never less than the image's 8 GiB.
        // The database VM gets the host's cores (its role has 4 vCPUs): it boots longest, alone at the end.
        dvdstoreDb = QemuTcgVm.boot(image, DIR.resolve("dvdstore-db"), config("dvdstore-db", "dvdstore-db-1", Map.of(),
                Map.of("dvdstore.size", "1MB"), Map.of("TILEMARK_DVDSTORE_DB_PASSWORD", DB_PASSWORD)), DB_VCPUS, MEMORY_MB, DB_DISK_GB);
        unknownRole = QemuTcgVm.boot(image, DIR.resolve("unknown-role"), config("no-such-role", "broken-1", Map.of(), Map.of(), Map.of()),
                1, MEMORY_MB, IMAGE_DISK_GB);
    }

    @AfterAll
    static void stopVms() throws Exception {
        for (QemuTcgVm vm : java.util.Arrays.asList(dvdstoreDb, unknownRole)) {
            if (vm != null) {
                vm.close();
            }
        }
    }

    @Test
    void dvdstoreDatabaseServesRowsToThePasswordOfItsGuestConfig() throws Exception {
        ReadinessReport report = reported(dvdstoreDb, "dvdstore-db: boot to ready (first boot loads DS3 1MB)");
        assertThat(report.isReady()).as("readiness report: %s", report.reason()).isTrue();
        int port = dvdstoreDb.forward(report.port("main").orElseThrow());
        List<String> titles = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/ds3", "ds3", DB_PASSWORD);
             Statement st = db.createStatement(); ResultSet rows = st.executeQuery("SELECT title FROM products ORDER BY prod_id LIMIT 5")) {
            while (rows.next()) {
                titles.add(rows.getString(1));
            }
        }
        assertThat(titles).hasSize(5);
        assertThat(dvdstoreDb.consoleTail()).doesNotContain(DB_PASSWORD);
        // What run.json discloses for a VM: the image it booted, matching the file the build wrote.
        assertThat(report.guestImage()).hasValueSatisfying(image -> {
            assertThat(image.manifestSha256()).isEqualTo(builtImage.guestManifestSha256());
            assertThat(image.manifest().packages()).containsKey("systemd");
        });
    }

    /** The role's disk (20 GiB for the DVD Store database) is larger than the image's: the boot agent grows / to it. */
    @Test
    void theRootFileSystemGrowsToTheDiskTheRoleWasGiven() throws Exception {
        reported(dvdstoreDb, "dvdstore-db: boot to ready");
        Matcher grown = Pattern.compile("root file system grown to (\\d+) MiB").matcher(dvdstoreDb.console());
        assertThat(grown.find()).as("console:%n%s", dvdstoreDb.consoleTail()).isTrue();
        System.out.printf("dvdstore-db: / grown to %s MiB on a %d GiB disk%n", grown.group(1), DB_DISK_GB);
        assertThat(Long.parseLong(grown.group(1))).isGreaterThan((DB_DISK_GB - 1) * 1024L * 9 / 10);
    }

    @Test
    void unknownRoleIsReportedOnTheConsoleInsteadOfHanging() throws Exception {
        ReadinessReport report = reported(unknownRole, "unknown role: reported");
        assertThat(report.isReady()).isFalse();
        assertThat(report.reason()).contains("unknown role 'no-such-role'");
        // Its exit 1 is an abnormal end to systemd: the boot agent's ExecStopPost runs the guest with --exited,
        // which leaves the guest's own reason standing (a crash with no report would be reported FAILED there).
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (!unknownRole.console().contains(AbnormalExit.REPORTED_ITSELF) && System.nanoTime() < deadline) {
            Thread.sleep(1000);
        }
        assertThat(unknownRole.console()).as("console:%n%s", unknownRole.consoleTail())
                .contains(AbnormalExit.REPORTED_ITSELF + " (systemd: exit-code, exited 1)");
        assertThat(ReadinessConsole.fromConsole(unknownRole.console())).hasValue(report);
    }

    /**
     * Waits for the VM's readiness report and prints how long after boot this test saw it (the
     * VMs boot together and the tests look one after another, so a later test's figure is an upper bound).
     */
    private static ReadinessReport reported(QemuTcgVm vm, String what) throws Exception {
        ReadinessReport report = vm.awaitReport(BOOT_TIMEOUT);
        System.out.println(what + " within " + vm.sinceBoot().toSeconds() + " s of boot (when this test looked)"
                + (report.isReady() ? "" : ": " + report.reason()));
        return report;
    }

    private static GuestConfig config(String role, String vmName, Map<String, Map<String, HostPort>> peers, Map<String, String> settings,
                                      Map<String, String> secrets) {
        // QEMU's user network: forwarded connections reach the guest from 10.0.2.2.
        return new GuestConfig(role, 1, "image-e2e", vmName, "0.0.0.0", "10.0.2.0/24", peers, settings, secrets);
    }
}
