package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;

/**
 * The web tier pointed at a PostgreSQL server the user runs (here a separately started one) by JDBC
 * URL: no database VM is deployed, the DS3 data is loaded into that server once, and the run works.
 */
class ExternalDatabaseEndToEndTest {

    @Test
    void webTierRunsAgainstAnExternalServerByJdbcUrl(@TempDir Path tmp) throws Exception {
        try (EmbeddedPostgres server = EmbeddedPostgres.builder().setDataDirectory(tmp.resolve("pg"))
                .setServerConfig("listen_addresses", "127.0.0.1").start()) {
            try (Connection admin = server.getPostgresDatabase().getConnection(); Statement st = admin.createStatement()) {
                st.execute("CREATE ROLE ds3ext LOGIN PASSWORD 'ext-secret-42'");
                st.execute("CREATE DATABASE ds3ext OWNER ds3ext");
            }
            Path passwordFile = tmp.resolve("db-password");
            Files.writeString(passwordFile, "ext-secret-42\n");
            String url = "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/ds3ext";

            Map<String, String> settings = E2e.settings("e2e-external");
            settings.put("run.phases", "1");
            settings.put("workloads.olio.enabled", "false"); // this test is about the DVD Store database
            settings.put("workloads.dvdstore.webServers", "1");
            settings.put("workloads.dvdstore.database.jdbcUrl", url);
            settings.put("workloads.dvdstore.database.username", "ds3ext");
            settings.put("workloads.dvdstore.database.passwordFile", passwordFile.toString());
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            RunOutcome outcome = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of())
                    .run(E2e.spec(settings));
            String printed = console.toString(StandardCharsets.UTF_8);

            E2e.assertCompliantButForLatency(outcome, printed);
            JsonNode vms = E2e.json(outcome.bundle().resolve("run.json")).get("inventory").get("vms");
            assertThat(vms).hasSize(3); // 1 web, mail, standby
            assertThat(vms.toString()).doesNotContain("dvdstore-db");
            assertThat(printed).doesNotContain("ext-secret-42");
            // The orders the web tier confirmed were looked up in the external server once the load stopped.
            assertThat(E2e.json(outcome.bundle().resolve("score.json")).get("audits")).singleElement().satisfies(audit -> {
                assertThat(audit.get("checked").asLong()).isPositive();
                assertThat(audit.get("missing").asLong()).isZero();
            });
            try (Connection c = DriverManager.getConnection(url, "ds3ext", "ext-secret-42");
                 Statement st = c.createStatement();
                 // Loaded orders are numbered 1..orders(); the store's purchases come after them.
                 ResultSet rs = st.executeQuery("SELECT count(*) FROM orders WHERE orderid > 12 * 100")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).as("orders the run placed in the external database").isPositive();
            }
        }
    }
}
