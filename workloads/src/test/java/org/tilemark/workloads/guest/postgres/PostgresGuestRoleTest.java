package org.tilemark.workloads.guest.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.templates.VmSize;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.workloads.deploy.DeployDbRole;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;

/** The PostgreSQL guest role base, through its smallest role (deploy: an empty database). */
class PostgresGuestRoleTest {

    private static final String PASSWORD = "pg-role-test-pw";
    private static final Map<String, String> SECRETS = Map.of(DeployDbRole.PASSWORD_ENV, PASSWORD);

    @TempDir
    Path root;

    @Test
    void servesOnTheConfiguredAddressAndAdmitsTheConfiguredNetworkWithScramOnly() throws Exception {
        DeployDbRole role = new DeployDbRole();
        Path disk = root.resolve("disk");
        role.buildTemplate(new GuestContext(disk, Map.of(), SECRETS));

        GuestConfig config = new GuestConfig(DeployDbRole.NAME, 1, "run-pg", "tile1-deploy", "127.0.0.1", "10.11.12.0/24",
                Map.of(), Map.of(), SECRETS);
        try (RunningGuest guest = role.start(new GuestContext(disk, config))) {
            assertThat(Files.readString(disk.resolve("pgdata/pg_hba.conf")))
                    .contains("host all all 10.11.12.0/24 scram-sha-256", "host all all 127.0.0.1/32 scram-sha-256")
                    .doesNotContain("trust").doesNotContainPattern("(?m)^local");
            String url = "jdbc:postgresql://127.0.0.1:" + guest.port() + "/" + DeployDbRole.DATABASE;
            try (Connection connection = DriverManager.getConnection(url, DeployDbRole.USER, PASSWORD);
                 ResultSet rows = connection.createStatement().executeQuery("SELECT current_user")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo(DeployDbRole.USER);
            }
            assertThatThrownBy(() -> DriverManager.getConnection(url, DeployDbRole.USER, "wrong").close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
        }
    }

    @Test
    void runsSizedForItsVmWithDurableCommits() throws Exception {
        DeployDbRole role = new DeployDbRole();
        Path disk = root.resolve("disk");
        role.buildTemplate(new GuestContext(disk, Map.of(), SECRETS));
        GuestConfig config = new GuestConfig(DeployDbRole.NAME, 1, "run-pg", "tile1-deploy", "127.0.0.1", "127.0.0.1/32",
                Map.of(), Map.of(), SECRETS).withSize(new VmSize(2, 512, 10));

        try (RunningGuest guest = role.start(new GuestContext(disk, config));
             Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + guest.port() + "/"
                     + DeployDbRole.DATABASE, DeployDbRole.USER, PASSWORD)) {
            assertThat(show(connection, "shared_buffers")).isEqualTo("128MB");
            assertThat(show(connection, "effective_cache_size")).isEqualTo("256MB");
            assertThat(show(connection, "max_wal_size")).isEqualTo("1GB");
            assertThat(show(connection, "fsync")).isEqualTo("on");
            assertThat(show(connection, "synchronous_commit")).isEqualTo("on");
        }
    }

    private static String show(Connection connection, String setting) throws SQLException {
        try (ResultSet rows = connection.createStatement().executeQuery("SHOW " + setting)) {
            assertThat(rows.next()).isTrue();
            return rows.getString(1);
        }
    }

    @Test
    void aClientNetworkThatIsNotACidrIsRefusedNamingIt() throws Exception {
        DeployDbRole role = new DeployDbRole();
        Path disk = root.resolve("disk");
        role.buildTemplate(new GuestContext(disk, Map.of(), SECRETS));
        GuestConfig config = new GuestConfig(DeployDbRole.NAME, 1, "run-pg", "tile1-deploy", "127.0.0.1", "everyone",
                Map.of(), Map.of(), SECRETS);

        assertThatThrownBy(() -> role.start(new GuestContext(disk, config)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("client network 'everyone' is not a CIDR");
    }
}
