package org.tilemark.workloads.deploy;

import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.SplittableRandom;

/**
 * The short job a freshly deployed VM does before it is destroyed, as VMmark's Deploy operation
 * runs a workload inside the new VM: a small database load (a table of {@value #ROWS} rows, indexed),
 * then point and range queries paced at {@value #QUERIES_PER_SECOND}/s until the job's time is up.
 * Every query's result is checked, so a VM that does not really work fails the job.
 */
public final class DeployJob {

    static final int ROWS = 20_000;
    static final int QUERIES_PER_SECOND = 20;
    private static final int BATCH = 1_000;

    /** What the job did. */
    public record Outcome(int rowsLoaded, long queries) {
    }

    private DeployJob() {
    }

    /** Runs the job against the deploy VM's database endpoint for {@code duration}; throws if anything failed. */
    public static Outcome run(InetSocketAddress endpoint, String password, Duration duration, long seed) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", DeployDbRole.USER);
        props.setProperty("password", password);
        props.setProperty("connectTimeout", "30");
        String url = org.tilemark.config.JdbcUrls.postgres(endpoint, DeployDbRole.DATABASE);
        long deadline = System.nanoTime() + duration.toNanos();
        try (Connection db = DriverManager.getConnection(url, props)) {
            load(db, seed);
            long queries = query(db, seed, deadline);
            return new Outcome(ROWS, queries);
        }
    }

    private static void load(Connection db, long seed) throws SQLException {
        SplittableRandom random = new SplittableRandom(seed);
        db.setAutoCommit(false);
        try (Statement ddl = db.createStatement()) {
            ddl.execute("CREATE TABLE items (id integer PRIMARY KEY, category integer NOT NULL, price numeric(8,2) NOT NULL, "
                    + "title text NOT NULL)");
        }
        try (PreparedStatement insert = db.prepareStatement("INSERT INTO items VALUES (?, ?, ?, ?)")) {
            for (int id = 1; id <= ROWS; id++) {
                insert.setInt(1, id);
                insert.setInt(2, random.nextInt(100));
                insert.setBigDecimal(3, java.math.BigDecimal.valueOf(random.nextInt(1, 10_000), 2));
                insert.setString(4, "item " + Long.toHexString(random.nextLong()));
                insert.addBatch();
                if (id % BATCH == 0) {
                    insert.executeBatch();
                }
            }
        }
        try (Statement ddl = db.createStatement()) {
            ddl.execute("CREATE INDEX items_category ON items (category)");
            ddl.execute("ANALYZE items");
        }
        db.commit();
        db.setAutoCommit(true);
    }

    private static long query(Connection db, long seed, long deadline) throws SQLException {
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        long gapNanos = 1_000_000_000L / QUERIES_PER_SECOND;
        long next = System.nanoTime();
        long done = 0;
        try (PreparedStatement point = db.prepareStatement("SELECT title FROM items WHERE id = ?");
             PreparedStatement range = db.prepareStatement("SELECT count(*), sum(price) FROM items WHERE category = ?")) {
            while (System.nanoTime() < deadline) {
                int id = random.nextInt(1, ROWS + 1);
                point.setInt(1, id);
                try (ResultSet rs = point.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("deploy job: row " + id + " that was loaded is missing");
                    }
                }
                range.setInt(1, random.nextInt(100));
                try (ResultSet rs = range.executeQuery()) {
                    rs.next();
                }
                done += 2;
                next += gapNanos;
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    java.util.concurrent.locks.LockSupport.parkNanos(wait);
                }
            }
        }
        return done;
    }
}
