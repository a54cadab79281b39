package org.tilemark.workloads.olio.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Olio's scale and row rules, checked on a real PostgreSQL loaded with 300 users (75 tags, 225 events). */
class OlioLoaderTest {

    private static final OlioScale SCALE = OlioScale.forLoadedUsers(300);
    private static final LocalDate REFERENCE = LocalDate.of(2026, 3, 14);
    private static EmbeddedPostgres postgres;

    @TempDir
    static Path dataDirectory;

    @BeforeAll
    static void loadThreeTimes() throws Exception {
        postgres = EmbeddedPostgres.builder().setDataDirectory(dataDirectory.resolve("pg")).start();
        try (Connection admin = postgres.getPostgresDatabase().getConnection(); Statement s = admin.createStatement()) {
            s.execute("CREATE DATABASE same_seed");
            s.execute("CREATE DATABASE other_seed");
            OlioLoader.load(admin, SCALE, 7, REFERENCE);
        }
        try (Connection c = postgres.getDatabase("postgres", "same_seed").getConnection()) {
            OlioLoader.load(c, SCALE, 7, REFERENCE);
        }
        try (Connection c = postgres.getDatabase("postgres", "other_seed").getConnection()) {
            OlioLoader.load(c, SCALE, 8, REFERENCE);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    @Test
    void scaleFollowsFabansRules() {
        assertThat(SCALE.tags()).isEqualTo(75);
        assertThat(SCALE.events()).isEqualTo(225);
        assertThat(OlioScale.forLoadedUsers(2500).tags()).isEqualTo(622);
        assertThat(OlioScale.forLoadedUsers(1_000_000).tags()).isEqualTo(5000);
        assertThat(OlioScale.loadedUsersFor(0)).isEqualTo(25);
        assertThat(OlioScale.loadedUsersFor(40)).isEqualTo(4000);
        assertThatThrownBy(() -> OlioScale.forLoadedUsers(24)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tablesHaveTheirRows() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            assertThat(query(c, "SELECT count(*) FROM person")).isEqualTo(300);
            assertThat(query(c, "SELECT count(*) FROM socialevent")).isEqualTo(225);
            assertThat(query(c, "SELECT count(*) FROM socialeventtag")).isEqualTo(75);
            assertThat(query(c, "SELECT count(*) FROM address")).isEqualTo(525);
            assertThat(query(c, "SELECT count(*) FROM person WHERE username = 'user' || userid AND password = 'pass' || userid"))
                    .isEqualTo(300);
            assertThat(query(c, "SELECT sum(refcount) FROM socialeventtag"))
                    .isEqualTo(query(c, "SELECT count(*) FROM socialeventtag_socialevent"));
            assertThat(query(c, "SELECT count(*) FROM socialeventtag WHERE tag <> 'tag' || socialeventtagid")).isZero();
            assertThat(OlioLoader.loadedUsers(c)).hasValue(300);
        }
    }

    @Test
    void perEntityCountsStayWithinOliosRanges() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            assertRange(c, "SELECT count(*) AS n FROM person_person GROUP BY person_userid", 2, 28, 300);
            assertThat(query(c, "SELECT count(*) FROM person_person WHERE person_userid = friends_userid")).isZero();
            assertRange(c, "SELECT count(*) AS n FROM person_socialevent GROUP BY socialeventid", 10, 100, 225);
            assertRange(c, "SELECT count(*) AS n FROM socialeventtag_socialevent GROUP BY socialeventid", 1, 7, 225);
            double meanTags = query(c, "SELECT count(*) FROM socialeventtag_socialevent") / 225.0;
            assertThat(meanTags).isBetween(3.4, 4.6);
            assertRange(c, "SELECT count(*) AS n FROM comments_rating GROUP BY socialeventid", 1, 20, -1);
            assertThat(query(c, "SELECT count(*) FROM comments_rating WHERE ratings NOT BETWEEN 2 AND 5")).isZero();
            assertThat(query(c, "SELECT count(*) FROM socialevent e WHERE numberofvotes <> "
                    + "(SELECT count(*) FROM comments_rating r WHERE r.socialeventid = e.socialeventid) OR totalscore <> "
                    + "(SELECT coalesce(sum(ratings), 0) FROM comments_rating r WHERE r.socialeventid = e.socialeventid)")).isZero();
        }
    }

    @Test
    void eventsAreMostlyUpcomingBetweenSevenAndQuarterToTen() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            assertThat(query(c, "SELECT count(*) FROM socialevent WHERE eventtimestamp::time NOT BETWEEN '07:00' AND '21:45'"
                    + " OR extract(minute FROM eventtimestamp)::int % 15 <> 0 OR eventtimestamp::date <> eventdate")).isZero();
            long upcoming = query(c, "SELECT count(*) FROM socialevent WHERE eventdate > DATE '2026-03-14'");
            assertThat(upcoming).isBetween(160L, 215L);
            assertThat(query(c, "SELECT count(DISTINCT eventtimestamp::time) FROM socialevent")).isGreaterThan(40);
        }
    }

    @Test
    void sameSeedGivesTheSameDataAndAnotherSeedDifferentData() throws SQLException {
        for (String table : OlioLoader.TABLES) {
            String digest = digest("postgres", table);
            assertThat(digest("same_seed", table)).as(table).isEqualTo(digest);
            if (!table.equals("olio_load_info") && !table.equals("socialeventtag") && !table.equals("socialeventtag_socialevent")) {
                assertThat(digest("other_seed", table)).as(table).isNotEqualTo(digest);
            }
        }
    }

    @Test
    void refusesToLoadTwice() throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection()) {
            assertThatThrownBy(() -> OlioLoader.load(c, SCALE, 7, REFERENCE)).isInstanceOf(IllegalStateException.class);
        }
    }

    private static String digest(String database, String table) throws SQLException {
        try (Connection c = postgres.getDatabase("postgres", database).getConnection();
             Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM " + table + " t")) {
            rows.next();
            return rows.getString(1);
        }
    }

    /** Every group count within [low, high]; {@code groups} ≥ 0 also checks how many groups there are. */
    private static void assertRange(Connection c, String groupedCounts, int low, int high, long groups) throws SQLException {
        String sql = "SELECT min(n), max(n), count(*) FROM (" + groupedCounts + ") g";
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery(sql)) {
            rows.next();
            assertThat(rows.getLong(1)).as(groupedCounts + " min").isGreaterThanOrEqualTo(low);
            assertThat(rows.getLong(2)).as(groupedCounts + " max").isLessThanOrEqualTo(high);
            if (groups >= 0) {
                assertThat(rows.getLong(3)).as(groupedCounts + " groups").isEqualTo(groups);
            }
        }
    }

    private static long query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
