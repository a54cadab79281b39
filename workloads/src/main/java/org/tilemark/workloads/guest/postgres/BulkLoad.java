package org.tilemark.workloads.guest.postgres;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the database roles' loaders share: schema scripts, COPY of generated rows, identity sequences. */
public final class BulkLoad {

    private static final Logger LOG = LoggerFactory.getLogger(BulkLoad.class);

    private BulkLoad() {
    }

    /** COPYs the rows {@code rows} writes into {@code table}, created in this transaction. */
    public static void copy(CopyManager copy, String table, String columns, Consumer<CopyTextWriter> rows)
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
                    throw new IOException("COPY into " + table + " failed", e);
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

    /** Sets each table's identity sequence (by its identity column) past the rows loaded with explicit ids. */
    public static void resetIdentities(Connection connection, Map<String, String> identityColumnByTable) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (var identity : identityColumnByTable.entrySet()) {
                String table = identity.getKey();
                String column = identity.getValue();
                statement.execute("SELECT setval(pg_get_serial_sequence('" + table + "', '" + column
                        + "'), (SELECT coalesce(max(" + column + "), 0) + 1 FROM " + table + "), false)");
            }
        }
    }

    public static boolean tableExists(Connection connection, String table) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            query.setString(1, table);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() && rows.getBoolean(1);
            }
        }
    }

    public static void execute(Connection connection, List<String> statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
