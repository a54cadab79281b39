package org.tilemark.workloads.olio.db;

import static org.tilemark.workloads.guest.postgres.BulkLoad.copy;
import static org.tilemark.workloads.guest.postgres.BulkLoad.execute;
import static org.tilemark.workloads.guest.postgres.BulkLoad.resetIdentities;
import static org.tilemark.workloads.guest.postgres.BulkLoad.tableExists;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.guest.postgres.SqlScript;

/**
 * Creates Olio's schema in a PostgreSQL database and fills it with seeded data, against any JDBC
 * connection. Tables are streamed with COPY, indexes and foreign keys are built afterwards, all in
 * one transaction. Same scale, seed and reference date ⇒ identical data; event dates are spread
 * around the reference date (mostly after it).
 */
public final class OlioLoader {

    /** Each table's identity column, its sequence set past the loaded ids. */
    private static final Map<String, String> IDENTITIES = Map.of("address", "addressid", "person", "userid", "socialevent", "socialeventid",
            "socialeventtag", "socialeventtagid", "comments_rating", "commentid");

    private static final Logger LOG = LoggerFactory.getLogger(OlioLoader.class);

    static final List<String> TABLES = List.of("address", "person", "person_person", "socialevent", "socialeventtag",
            "socialeventtag_socialevent", "person_socialevent", "comments_rating", "olio_load_info");

    private OlioLoader() {
    }

    /**
     * Creates the schema, loads the data and ANALYZEs. The connection's auto-commit setting is
     * restored afterwards.
     *
     * @throws IllegalStateException if the database already holds an Olio schema
     */
    public static void load(Connection connection, OlioScale scale, long seed, LocalDate referenceDate) throws SQLException {
        if (tableExists(connection, "person")) {
            throw new IllegalStateException("the database already holds an Olio schema");
        }
        long startNanos = System.nanoTime();
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            execute(connection, SqlScript.statements("/olio/schema.sql"));
            copyAll(connection, scale, seed, referenceDate);
            execute(connection, SqlScript.statements("/olio/indexes.sql"));
            resetIdentities(connection, IDENTITIES);
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO olio_load_info (loaded_users, seed, reference_date) VALUES (?, ?, ?)")) {
                insert.setInt(1, scale.loadedUsers());
                insert.setLong(2, seed);
                insert.setObject(3, referenceDate);
                insert.executeUpdate();
            }
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("ANALYZE " + String.join(", ", TABLES));
        }
        LOG.info("Loaded Olio with {} users, {} tags, {} events (seed {}) in {} ms", scale.loadedUsers(), scale.tags(),
                scale.events(), seed, (System.nanoTime() - startNanos) / 1_000_000);
    }

    /** The number of loaded users, if the database was loaded by {@link #load}. */
    public static OptionalInt loadedUsers(Connection connection) throws SQLException {
        if (!tableExists(connection, "olio_load_info")) {
            return OptionalInt.empty();
        }
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT loaded_users FROM olio_load_info")) {
            return rows.next() ? OptionalInt.of(rows.getInt(1)) : OptionalInt.empty();
        }
    }

    private static void copyAll(Connection connection, OlioScale scale, long seed, LocalDate referenceDate)
            throws SQLException {
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        SeededStreams streams = new SeededStreams(seed);
        PersonRows persons = new PersonRows(scale, streams);
        EventRows events = new EventRows(scale, streams, referenceDate);
        copy(copy, "address", PersonRows.ADDRESS_COLUMNS, persons::writeAddresses);
        copy(copy, "address", PersonRows.ADDRESS_COLUMNS, events::writeAddresses);
        copy(copy, "person", PersonRows.PERSON_COLUMNS, persons::writePersons);
        copy(copy, "person_person", PersonRows.FRIEND_COLUMNS, persons::writeFriends);
        copy(copy, "socialevent", EventRows.EVENT_COLUMNS, events::writeEvents);
        copy(copy, "socialeventtag", EventRows.TAG_COLUMNS, events::writeTags);
        copy(copy, "socialeventtag_socialevent", EventRows.EVENT_TAG_COLUMNS, events::writeEventTags);
        copy(copy, "person_socialevent", EventRows.ATTENDEE_COLUMNS, events::writeAttendees);
        copy(copy, "comments_rating", EventRows.COMMENT_COLUMNS, events::writeComments);
    }
}
