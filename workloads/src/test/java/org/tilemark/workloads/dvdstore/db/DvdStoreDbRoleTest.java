package org.tilemark.workloads.dvdstore.db;

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
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;

/** Template build → {@code cp -a} of the disk → start from the copy, as the platform deploys VMs. */
class DvdStoreDbRoleTest {

    private static final String PASSWORD = "t3st-Secret!";

    @TempDir
    Path root;

    @Test
    void templateCopiedWithCpStartsAndRequiresThePassword() throws Exception {
        DvdStoreDbRole role = new DvdStoreDbRole();
        Path templateDisk = root.resolve("template/disk");
        role.buildTemplate(context(templateDisk, PASSWORD));
        assertThat(Files.readString(templateDisk.resolve("pgdata/pg_hba.conf"))).doesNotContain("trust");

        Path vmDisk = root.resolve("vm1/disk");
        Files.createDirectories(vmDisk.getParent());
        Process copy = new ProcessBuilder("cp", "-a", templateDisk.toString(), vmDisk.toString()).inheritIO().start();
        assertThat(copy.waitFor()).isZero();

        try (RunningGuest guest = role.start(context(vmDisk, PASSWORD))) {
            // The server runs from the copy, not from the template.
            assertThat(vmDisk.resolve("pgdata/postmaster.pid")).exists();
            assertThat(templateDisk.resolve("pgdata/postmaster.pid")).doesNotExist();
            String url = "jdbc:postgresql://127.0.0.1:" + guest.port() + "/ds3";
            try (Connection c = DriverManager.getConnection(url, "ds3", PASSWORD);
                 Statement s = c.createStatement();
                 ResultSet rows = s.executeQuery("SELECT count(*) FROM customers")) {
                rows.next();
                assertThat(rows.getLong(1)).isEqualTo(400);
            }
            assertThatThrownBy(() -> DriverManager.getConnection(url, "ds3", "wrong-password").close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
            assertThatThrownBy(() -> DriverManager.getConnection(url, login("postgres", null)).close())
                    .isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> DriverManager.getConnection(url, login("postgres", "")).close())
                    .isInstanceOf(SQLException.class);
        }
        assertThat(vmDisk.resolve("pgdata/postmaster.pid")).doesNotExist();
        assertThat(templateDisk.resolve("pgdata/postmaster.pid")).doesNotExist();
    }

    @Test
    void startingWithoutATemplateOrPasswordFailsClearly() {
        DvdStoreDbRole role = new DvdStoreDbRole();
        assertThatThrownBy(() -> role.start(context(root.resolve("empty"), PASSWORD)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("build the dvdstore-db template");
        assertThatThrownBy(() -> role.buildTemplate(new GuestContext(root.resolve("x"), Map.of(), Map.of())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(DvdStoreDbRole.PASSWORD_ENV);
        assertThatThrownBy(() -> role.buildTemplate(new GuestContext(root.resolve("x"),
                Map.of("dvdstore.db.user", "bad name; drop"), Map.of(DvdStoreDbRole.PASSWORD_ENV, PASSWORD))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static Properties login(String user, String password) {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        if (password != null) {
            properties.setProperty("password", password);
        }
        return properties;
    }

    static GuestContext context(Path disk, String password) {
        return new GuestContext(disk, Map.of("dvdstore.size", "0.2MB", "dvdstore.seed", "5"),
                Map.of(DvdStoreDbRole.PASSWORD_ENV, password));
    }
}
