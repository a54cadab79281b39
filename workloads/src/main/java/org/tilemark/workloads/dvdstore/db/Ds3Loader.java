package org.tilemark.workloads.dvdstore.db;

import static org.tilemark.workloads.guest.postgres.BulkLoad.copy;
import static org.tilemark.workloads.guest.postgres.BulkLoad.execute;
import static org.tilemark.workloads.guest.postgres.BulkLoad.resetIdentities;
import static org.tilemark.workloads.guest.postgres.BulkLoad.tableExists;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.dvdstore.Ds3Size;
import org.tilemark.workloads.guest.postgres.SqlScript;

/**
 * Creates the DVD Store 3 schema in a PostgreSQL database and fills it with seeded data, against
 * any JDBC connection (the embedded guest or an external database). Tables are streamed with
 * COPY, indexes are built afterwards, and everything happens in one transaction, so a database is
 * either fully loaded or untouched. Same size and seed ⇒ identical data.
 */
public final class Ds3Loader {

    /** Each table's identity column, its sequence set past the loaded ids. */
    private static final Map<String, String> IDENTITIES = Map.of("customers", "customerid", "orders", "orderid", "products", "prod_id",
            "categories", "category", "reviews", "review_id", "reviews_helpfulness", "review_helpfulness_id");

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
            resetIdentities(connection, IDENTITIES);
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
}
