package org.tilemark.workloads.olio.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;

/** Template build → {@code cp -a} of the disk → start from the copy → password-only access. */
class OlioDbRoleTest {

    private static final String PASSWORD = "0lio-t3st-Secret!";

    @TempDir
    Path root;

    @Test
    void templateCopiedWithCpStartsAndRequiresThePassword() throws Exception {
        OlioDbRole role = new OlioDbRole();
        Path templateDisk = root.resolve("template/disk");
        role.buildTemplate(context(templateDisk, PASSWORD));
        assertThat(Files.readString(templateDisk.resolve("pgdata/pg_hba.conf"))).doesNotContain("trust");

        Path vmDisk = root.resolve("vm1/disk");
        Files.createDirectories(vmDisk.getParent());
        Process copy = new ProcessBuilder("cp", "-a", templateDisk.toString(), vmDisk.toString()).inheritIO().start();
        assertThat(copy.waitFor()).isZero();

        try (RunningGuest guest = role.start(context(vmDisk, PASSWORD))) {
            assertThat(vmDisk.resolve("pgdata/postmaster.pid")).exists();
            assertThat(templateDisk.resolve("pgdata/postmaster.pid")).doesNotExist();
            String url = "jdbc:postgresql://127.0.0.1:" + guest.port() + "/olio";
            try (Connection c = DriverManager.getConnection(url, "olio", PASSWORD);
                 Statement s = c.createStatement();
                 ResultSet rows = s.executeQuery("SELECT count(*), (SELECT count(*) FROM socialevent) FROM person")) {
                rows.next();
                assertThat(rows.getLong(1)).isEqualTo(100);
                assertThat(rows.getLong(2)).isEqualTo(OlioScale.forLoadedUsers(100).events());
            }
            assertThatThrownBy(() -> DriverManager.getConnection(url, "olio", "wrong-password").close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
            assertThatThrownBy(() -> DriverManager.getConnection(url, "postgres", "").close())
                    .isInstanceOf(SQLException.class);
        }
        assertThat(vmDisk.resolve("pgdata/postmaster.pid")).doesNotExist();
    }

    @Test
    void missingTemplatePasswordOrBadSettingsFailClearly() {
        OlioDbRole role = new OlioDbRole();
        assertThatThrownBy(() -> role.start(context(root.resolve("empty"), PASSWORD)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("build the olio-db template");
        assertThatThrownBy(() -> role.buildTemplate(new GuestContext(root.resolve("x"), Map.of(), Map.of())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(OlioDbRole.PASSWORD_ENV);
        assertThatThrownBy(() -> role.buildTemplate(new GuestContext(root.resolve("x"),
                Map.of("olio.db.user", "bad name; drop"), Map.of(OlioDbRole.PASSWORD_ENV, PASSWORD))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> role.buildTemplate(new GuestContext(root.resolve("x"),
                Map.of("olio.loadedUsers", "10"), Map.of(OlioDbRole.PASSWORD_ENV, PASSWORD))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 25");
    }

    static GuestContext context(Path disk, String password) {
        return new GuestContext(disk, Map.of("olio.loadedUsers", "100", "olio.seed", "3"),
                Map.of(OlioDbRole.PASSWORD_ENV, password));
    }
}
