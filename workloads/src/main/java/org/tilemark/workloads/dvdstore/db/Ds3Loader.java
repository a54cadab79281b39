package org.tilemark.workloads.dvdstore.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.dvdstore.Ds3Size;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;
import org.tilemark.workloads.guest.postgres.SqlScript;

/**
 * Creates the DVD Store 3 schema in a PostgreSQL database and fills it with seeded data, against
 * any JDBC connection (the embedded guest or an external database). Tables are streamed with
 * COPY, indexes are built afterwards, and everything happens in one transaction, so a database is
 * either fully loaded or untouched. Same size and seed ⇒ identical data.
 */
public final class Ds3Loader {

    private static final Logger LOG = LoggerFactory.getLogger(Ds3Loader.class);

    private static final List<String> TABLES = List.of("customers", "cust_hist", "orders", "orderlines", "products",
            "inventory", "reorder", "categories", "membership", "reviews", "reviews_helpfulness", "ds3_load_info");

    private Ds3Loader() {
    }

    /**
     * Creates the schema and loads the data, then ANALYZEs. The connection's auto-commit setting is
     * restored afterwards.
     *
     * @throws IllegalStateException if the database already holds a DVD Store schema
     */
    public static void load(Connection connection, Ds3Size size, long seed) throws SQLException {
        if (isLoaded(connection) || tableExists(connection, "customers")) {
            throw new IllegalStateException("the database already holds a DVD Store schema");
        }
        long startNanos = System.nanoTime();
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            execute(connection, SqlScript.statements("/dvdstore/schema.sql"));
            copyAll(connection, new Ds3Catalog(size, seed));
            execute(connection, SqlScript.statements("/dvdstore/indexes.sql"));
            resetIdentities(connection);
            recordLoad(connection, size, seed);
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
        try (Statement statement = connection.createStatement()) {
            // Only our tables: a non-superuser owner may not analyze the system catalogs.
            statement.execute("ANALYZE " + String.join(", ", TABLES));
        }
        LOG.info("Loaded DVD Store size {} (seed {}) in {} ms", size.label(), seed,
                (System.nanoTime() - startNanos) / 1_000_000);
    }

    /** True when a complete DVD Store load is present. */
    public static boolean isLoaded(Connection connection) throws SQLException {
        return describe(connection).isPresent();
    }

    /** The size and seed the database was loaded with, if it was loaded by {@link #load}. */
    public static Optional<Ds3Dataset> describe(Connection connection) throws SQLException {
        if (!tableExists(connection, "ds3_load_info")) {
            return Optional.empty();
        }
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(
                     "SELECT size_label, customers, products, orders_per_month, seed FROM ds3_load_info")) {
            if (!rows.next()) {
                return Optional.empty();
            }
            Ds3Size size = new Ds3Size(rows.getString(1), rows.getLong(2), rows.getLong(3), rows.getLong(4));
            return Optional.of(new Ds3Dataset(size, rows.getLong(5)));
        }
    }

    private static void copyAll(Connection connection, Ds3Catalog catalog) throws SQLException {
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        EntityRandom random = new EntityRandom(catalog.seed());
        CustomerRows customers = new CustomerRows(catalog, random);
        ProductRows products = new ProductRows(catalog, random);
        OrderRows orders = new OrderRows(catalog, random);
        ReviewRows reviews = new ReviewRows(catalog, random);
        int[][] sales = new int[1][];
        copy(copy, "categories", ProductRows.CATEGORY_COLUMNS, ProductRows::writeCategories);
        copy(copy, "customers", CustomerRows.CUSTOMER_COLUMNS, customers::writeCustomers);
        copy(copy, "membership", CustomerRows.MEMBERSHIP_COLUMNS, customers::writeMemberships);
        copy(copy, "products", ProductRows.PRODUCT_COLUMNS, products::writeProducts);
        copy(copy, "orders", OrderRows.ORDER_COLUMNS, orders::writeOrders);
        copy(copy, "orderlines", OrderRows.ORDERLINE_COLUMNS, out -> sales[0] = orders.writeOrderLines(out));
        copy(copy, "cust_hist", OrderRows.CUST_HIST_COLUMNS, orders::writeCustHist);
        copy(copy, "inventory", ProductRows.INVENTORY_COLUMNS, out -> products.writeInventory(out, sales[0]));
        copy(copy, "reviews", ReviewRows.REVIEW_COLUMNS, reviews::writeReviews);
        copy(copy, "reviews_helpfulness", ReviewRows.HELPFULNESS_COLUMNS, reviews::writeHelpfulness);
    }

    private static void copy(CopyManager copy, String table, String columns, Consumer<CopyTextWriter> rows)
            throws SQLException {
        // FREEZE (the table was created in this transaction) writes rows frozen with hint bits set, so
        // neither ANALYZE nor the first benchmark reads rewrite every page (a full-page WAL image each
        // when data checksums are on, the PostgreSQL 18 default).
        CopyIn in = copy.copyIn("COPY " + table + " (" + columns + ") FROM STDIN WITH (FREEZE)");
        try {
            CopyTextWriter writer = new CopyTextWriter((buffer, length) -> {
                try {
                    in.writeToCopy(buffer, 0, length);
                } catch (SQLException e) {
                    throw new java.io.IOException("COPY into " + table + " failed", e);
                }
            });
            rows.accept(writer);
            writer.flush();
            in.endCopy();
            LOG.debug("Copied {} rows into {}", writer.rows(), table);
        } finally {
            if (in.isActive()) {
                in.cancelCopy();
            }
        }
    }

    private static void resetIdentities(Connection connection) throws SQLException {
        List<String[]> identities = List.of(
                new String[] {"customers", "customerid"}, new String[] {"orders", "orderid"},
                new String[] {"products", "prod_id"}, new String[] {"categories", "category"},
                new String[] {"reviews", "review_id"},
                new String[] {"reviews_helpfulness", "review_helpfulness_id"});
        try (Statement statement = connection.createStatement()) {
            for (String[] identity : identities) {
                statement.execute("SELECT setval(pg_get_serial_sequence('" + identity[0] + "', '" + identity[1]
                        + "'), (SELECT coalesce(max(" + identity[1] + "), 0) + 1 FROM " + identity[0] + "), false)");
            }
        }
    }

    private static void recordLoad(Connection connection, Ds3Size size, long seed) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO ds3_load_info (size_label, customers, products, orders_per_month, seed) VALUES (?, ?, ?, ?, ?)")) {
            insert.setString(1, size.label());
            insert.setLong(2, size.customers());
            insert.setLong(3, size.products());
            insert.setLong(4, size.ordersPerMonth());
            insert.setLong(5, seed);
            insert.executeUpdate();
        }
    }

    private static boolean tableExists(Connection connection, String table) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            query.setString(1, table);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() && rows.getBoolean(1);
            }
        }
    }

    private static void execute(Connection connection, List<String> statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
