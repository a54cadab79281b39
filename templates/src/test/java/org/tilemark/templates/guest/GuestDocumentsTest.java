package org.tilemark.templates.guest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuestDocumentsTest {

    private static final GuestConfig WEB = new GuestConfig("dvdstore-web", 2, "run-1", "tile2-dvdstore-web1", "127.0.0.1",
            "127.0.0.1/32", Map.of("tile2-dvdstore-db", Map.of("main", new HostPort("10.1.2.3", 5432))),
            Map.of("dvdstore.db.pool", "10"), Map.of("TILEMARK_DVDSTORE_DB_PASSWORD", "pw-secret-1"));

    @TempDir
    Path tmp;

    @Test
    void aConfigWrittenIsReadBackWholeFromAFileOnlyItsOwnerCanRead() throws Exception {
        Path file = tmp.resolve(GuestDocumentFile.CONFIG.fileName());
        GuestDocumentFile.CONFIG.write(file, WEB);

        assertThat(GuestDocumentFile.CONFIG.read(file)).isEqualTo(WEB);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(Files.readString(file)).contains("\"format\" : \"tilemark-guest-config\"", "\"version\" : 2")
                .doesNotContain("\"size\""); // no size told: none written
        assertThat(WEB.peer("tile2-dvdstore-db", "main")).hasValue(new HostPort("10.1.2.3", 5432));
        assertThat(WEB.peer("tile2-dvdstore-db", "other")).isEmpty();
    }

    @Test
    void theVmSizeRoundTripsAndAVersionOneConfigReadsWithoutIt() throws Exception {
        GuestConfig sized = WEB.withSize(new org.tilemark.templates.VmSize(4, 576, 20));
        assertThat(GuestDocumentFile.CONFIG.fromJson(GuestDocumentFile.CONFIG.toJson(sized)).size())
                .isEqualTo(new org.tilemark.templates.VmSize(4, 576, 20));
        String versionOne = GuestDocumentFile.CONFIG.toJson(WEB).replace("\"version\" : 2", "\"version\" : 1");
        assertThat(GuestDocumentFile.CONFIG.fromJson(versionOne)).isEqualTo(WEB);
        assertThat(GuestDocumentFile.CONFIG.fromJson(versionOne).size()).isNull();
    }

    @Test
    void secretsStayOutOfItsPrintedForm() {
        assertThat(WEB.toString()).contains("TILEMARK_DVDSTORE_DB_PASSWORD").doesNotContain("pw-secret-1");
    }

    @Test
    void anotherVersionOrFormatOrAMissingFieldIsRefusedNamingWhatIsWrong() {
        String json = GuestDocumentFile.CONFIG.toJson(WEB);
        assertThatThrownBy(() -> GuestDocumentFile.CONFIG.fromJson(json.replace("\"version\" : 2", "\"version\" : 7")))
                .isInstanceOf(GuestDocumentException.class).hasMessageContaining("version 7 is not supported");
        assertThatThrownBy(() -> GuestDocumentFile.CONFIG.fromJson(GuestDocumentFile.READINESS.toJson(ReadinessReport.failed("vm", "r", "x", 0))))
                .hasMessageContaining("expected a tilemark-guest-config document");
        assertThatThrownBy(() -> GuestDocumentFile.CONFIG.fromJson(json.replace("\"role\" : \"dvdstore-web\",", "")))
                .isInstanceOf(GuestDocumentException.class).hasMessageContaining("'role' is missing");
        assertThatThrownBy(() -> GuestDocumentFile.CONFIG.fromJson("{not json"))
                .isInstanceOf(GuestDocumentException.class).hasMessageContaining("is not JSON");
        assertThatThrownBy(() -> GuestDocumentFile.CONFIG.read(tmp.resolve("absent.json")))
                .isInstanceOf(GuestDocumentException.class).hasMessageContaining("no tilemark-guest-config at");
    }

    @Test
    void readyAndFailedReportsRoundTrip() throws Exception {
        Path file = tmp.resolve(GuestDocumentFile.READINESS.fileName());
        ReadinessReport ready = ReadinessReport.ready("tile1-mail", "mail", Map.of("smtp", 2525, "imap", 1143), 4242);
        GuestDocumentFile.READINESS.write(file, ready);
        ReadinessReport read = GuestDocumentFile.READINESS.read(file);
        assertThat(read).isEqualTo(ready);
        assertThat(read.isReady()).isTrue();
        assertThat(read.port("imap")).hasValue(1143);
        assertThat(read.processId()).hasValue(4242);
        assertThat(Files.readString(file)).doesNotContain("\"ready\"").doesNotContain("\"server\"");
        ReadinessReport served = ready.servedBy(new GuestServer("Postfix and Dovecot", false));
        GuestDocumentFile.READINESS.write(file, served);
        assertThat(GuestDocumentFile.READINESS.read(file).guestServer()).hasValue(new GuestServer("Postfix and Dovecot", false));

        ReadinessReport failed = ReadinessReport.failed("tile1-x", "nosuch", "unknown role 'nosuch'", 0);
        GuestDocumentFile.READINESS.write(file, failed);
        assertThat(GuestDocumentFile.READINESS.read(file)).isEqualTo(failed)
                .satisfies(r -> assertThat(r.isReady()).isFalse())
                .satisfies(r -> assertThat(r.processId()).isEmpty());
    }

    @Test
    void aReportCarriesTheGuestsAddressesAndAVersionOneReportReadsWithNone() throws Exception {
        ReadinessReport ready = ReadinessReport.ready("tile1-standby", "standby", Map.of("heartbeat", 7000), 0)
                .reachableAt(List.of("10.79.0.123", "fd00::7b"));
        String json = GuestDocumentFile.READINESS.toJson(ready);
        assertThat(json).contains("\"version\" : 2");
        assertThat(GuestDocumentFile.READINESS.fromJson(json).addresses()).containsExactly("10.79.0.123", "fd00::7b");

        // An image built before addresses were reported writes version 1 without them.
        String older = GuestDocumentFile.READINESS.toJson(ReadinessReport.ready("tile1-standby", "standby", Map.of("heartbeat", 7000), 0))
                .replace("\"version\" : 2", "\"version\" : 1").replace(",\n    \"addresses\" : [ ]", "");
        assertThat(older).doesNotContain("addresses");
        assertThat(GuestDocumentFile.READINESS.fromJson(older).addresses()).isEmpty();
        assertThatThrownBy(() -> GuestDocumentFile.READINESS.fromJson(json.replace("\"version\" : 2", "\"version\" : 3")))
                .isInstanceOf(GuestDocumentException.class).hasMessageContaining("version 3 is not supported (this build reads versions 1 to 2)");
    }
}
