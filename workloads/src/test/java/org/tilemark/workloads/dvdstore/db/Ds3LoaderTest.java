package org.tilemark.workloads.dvdstore.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.dvdstore.Ds3Size;

/** The loader against a real PostgreSQL (1MB: 2,000 customers, 1,000 products, 1,200 orders). */
class Ds3LoaderTest {

    private static final Ds3Size SIZE = Ds3Size.parse("1MB");
    private static EmbeddedPostgres postgres;

    @TempDir
    static Path dataDirectory;

    @BeforeAll
    static void loadOnce() throws Exception {
        postgres = EmbeddedPostgres.builder().setDataDirectory(dataDirectory.resolve("pg")).start();
        try (Connection connection = postgres.getPostgresDatabase().getConnection()) {
            assertThat(Ds3Loader.isLoaded(connection)).isFalse();
            Ds3Loader.load(connection, SIZE, 11);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    @Test
    void everyTableHasItsRows() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            assertThat(count(c, "customers")).isEqualTo(2_000);
            assertThat(count(c, "products")).isEqualTo(1_000);
            assertThat(count(c, "inventory")).isEqualTo(1_000);
            assertThat(count(c, "categories")).isEqualTo(16);
            assertThat(count(c, "orders")).isEqualTo(1_200);
            assertThat(count(c, "cust_hist")).isEqualTo(count(c, "orderlines"));
            assertThat(count(c, "membership")).isEqualTo(200);
            assertThat(query(c, "SELECT count(*) FROM products WHERE special = 1")).isBetween(1L, 25L);
            assertThat(query(c, "SELECT count(DISTINCT membership_item) FROM products")).isEqualTo(4);
            assertThat(query(c, "SELECT min(quan_in_stock) FROM inventory")).isGreaterThanOrEqualTo(3);
            assertThat(query(c, "SELECT max(quan_in_stock) FROM inventory")).isLessThanOrEqualTo(500);
            assertThat(count(c, "reviews")).isBetween(18_000L, 22_000L);
            assertThat(count(c, "reviews_helpfulness")).isGreaterThan(count(c, "reviews") * 3);
            assertThat(count(c, "reorder")).isZero();
            assertThat(query(c, "SELECT sum(sales) FROM inventory")).isEqualTo(query(c, "SELECT sum(quantity) FROM orderlines"));
        }
    }

    @Test
    void describesWhatWasLoaded() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            assertThat(Ds3Loader.isLoaded(c)).isTrue();
            assertThat(Ds3Loader.describe(c)).contains(new Ds3Dataset(SIZE, 11));
            assertThatThrownBy(() -> Ds3Loader.load(c, SIZE, 11)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void catalogValuesAreInTheDatabase() throws SQLException {
        Ds3Catalog catalog = new Ds3Catalog(SIZE, 11);
        try (Connection c = postgres.getPostgresDatabase().getConnection();
             Statement s = c.createStatement();
             ResultSet row = s.executeQuery("SELECT title, actor, category FROM products WHERE prod_id = 345")) {
            assertThat(row.next()).isTrue();
            assertThat(row.getString(1)).isEqualTo(catalog.titleOf(345));
            assertThat(row.getString(2)).isEqualTo(catalog.actorOf(345));
            assertThat(row.getInt(3)).isEqualTo(catalog.categoryOf(345));
        }
    }

    @Test
    void identitiesContinueAfterTheLoadedRows() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                assertThat(query(c, "INSERT INTO orders (orderdate, customerid, netamount, tax, totalamount)"
                        + " VALUES (current_date, 1, 1, 0, 1) RETURNING orderid")).isEqualTo(1_201);
            } finally {
                c.rollback();
            }
        }
    }

    @Test
    void stockFallingBelowThresholdIsRefilledAndReordered() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE inventory SET quan_in_stock = 2 WHERE prod_id = 5");
                // DS3's RESTOCK: refill to 250 and record how much was ordered.
                assertThat(query(c, "SELECT quan_in_stock FROM inventory WHERE prod_id = 5")).isEqualTo(250);
                assertThat(query(c, "SELECT count(*) FROM reorder WHERE prod_id = 5 AND quan_low = 248")).isEqualTo(1);
                s.executeUpdate("UPDATE inventory SET quan_in_stock = 100 WHERE prod_id = 5");
                assertThat(query(c, "SELECT count(*) FROM reorder")).isEqualTo(1);
            } finally {
                c.rollback();
            }
        }
    }

    @Test
    void ds3sForeignKeysAreInPlace() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            assertThat(query(c, "SELECT count(*) FROM pg_constraint WHERE contype = 'f'")).isEqualTo(7);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                assertThatThrownBy(() -> s.executeUpdate("INSERT INTO reviews (prod_id, review_date, stars, customerid,"
                        + " review_summary, review_text) VALUES (1, current_date, 3, 999999, 'x', 'y')"))
                        .isInstanceOf(SQLException.class).hasMessageContaining("fk_review_customerid");
            } finally {
                c.rollback();
            }
        }
    }

    @Test
    void browseIndexesServeActorAndTitleSearches() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("SET enable_seqscan = off");
            assertThat(plan(s, "SELECT * FROM products WHERE actor LIKE 'PENELOPE%'")).contains("ix_prod_actor");
            assertThat(plan(s, "SELECT * FROM products WHERE title LIKE 'ALIEN%'")).contains("ix_prod_title");
            assertThat(plan(s, "SELECT * FROM products WHERE to_tsvector('simple', title) @@ plainto_tsquery('simple', 'GHOST')"))
                    .contains("ix_prod_title_words");
            assertThat(plan(s, "SELECT * FROM customers WHERE username = 'user5'")).contains("ix_cust_username");
        }
    }

    private static String plan(Statement s, String sql) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (ResultSet rows = s.executeQuery("EXPLAIN " + sql)) {
            while (rows.next()) {
                plan.append(rows.getString(1)).append('\n');
            }
        }
        return plan.toString();
    }

    private static long count(Connection c, String table) throws SQLException {
        return query(c, "SELECT count(*) FROM " + table);
    }

    private static long query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
