package org.tilemark.workloads.dvdstore;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.DataAudit;

/** The audit of confirmed orders against a real PostgreSQL orders table. */
class CommittedOrdersTest {

    @TempDir
    Path dataDirectory;

    @Test
    void everyConfirmedOrderIsLookedUpAndTheMissingOnesAreCountedAndNamed() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().setDataDirectory(dataDirectory.resolve("pg")).start();
             Connection db = postgres.getPostgresDatabase().getConnection()) {
            try (Statement ddl = db.createStatement()) {
                ddl.execute("CREATE TABLE orders (orderid integer PRIMARY KEY)");
                // 25,000 orders (three lookups of at most 10,000), of which 12 never reached the table.
                ddl.execute("INSERT INTO orders SELECT g FROM generate_series(1, 25000) g WHERE g NOT IN "
                        + "(3, 9999, 10000, 10001, 20000, 20001, 20002, 20003, 20004, 20005, 20006, 24999)");
            }
            CommittedOrders committed = new CommittedOrders();
            for (long id = 1; id <= 25_000; id++) {
                committed.add(id);
            }

            DataAudit audit = committed.audit(db);

            assertThat(audit.subject()).isEqualTo("committed orders");
            assertThat(audit.checked()).isEqualTo(25_000);
            assertThat(audit.missing()).isEqualTo(12);
            assertThat(audit.missingExamples()).containsExactly(3L, 9999L, 10000L, 10001L, 20000L, 20001L, 20002L, 20003L,
                    20004L, 20005L);
            assertThat(audit.passed()).isFalse();
        }
    }

    @Test
    void nothingConfirmedIsAnAuditOfNothingThatPasses() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().setDataDirectory(dataDirectory.resolve("pg")).start();
             Connection db = postgres.getPostgresDatabase().getConnection()) {
            try (Statement ddl = db.createStatement()) {
                ddl.execute("CREATE TABLE orders (orderid integer PRIMARY KEY)");
            }
            DataAudit audit = new CommittedOrders().audit(db);
            assertThat(audit).isEqualTo(new DataAudit("committed orders", 0, 0, List.of()));
            assertThat(audit.passed()).isTrue();
        }
    }
}
