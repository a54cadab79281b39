package org.tilemark.workloads.olio.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.olio.db.OlioDbRole;

/** Olio's writes against the olio-db guest's PostgreSQL, several at once as the driver's users send them. */
class OlioUpdatesTest {

    private static final String PASSWORD = "upd-0lio-Secret";
    private static final List<String> TAGS = IntStream.rangeClosed(1, Forms.MAX_TAGS_PER_EVENT)
            .mapToObj(i -> "lockorder" + i).toList();

    @TempDir
    static Path root;
    private static RunningGuest database;
    private static JdbcTemplate jdbc;
    private static OlioUpdates updates;

    @BeforeAll
    static void startTheDatabase() throws Exception {
        GuestContext context = new GuestContext(root.resolve("db"), Map.of("olio.loadedUsers", "100", "olio.seed", "5"),
                Map.of(OlioDbRole.PASSWORD_ENV, PASSWORD));
        OlioDbRole role = new OlioDbRole();
        role.buildTemplate(context);
        database = role.start(context);
        DriverManagerDataSource dataSource = new DriverManagerDataSource(
                "jdbc:postgresql://127.0.0.1:" + database.port() + "/olio", OlioDbRole.DEFAULT_USER, PASSWORD);
        jdbc = new JdbcTemplate(dataSource);
        updates = new OlioUpdates(jdbc, new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                new Filestore(root.resolve("web")));
    }

    @AfterAll
    static void stopTheDatabase() throws Exception {
        if (database != null) {
            database.close();
        }
    }

    /** Users tag their events in any order; events sharing tags must queue on the tag rows, not deadlock. */
    @Test
    void eventsSharingTagsInOppositeOrdersAreAllAdded() throws Exception {
        int writers = 4;
        int eventsEach = 30;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int writer = 0; writer < writers; writer++) {
                List<String> tags = writer % 2 == 0 ? TAGS : TAGS.reversed();
                running.add(pool.submit(() -> {
                    for (int i = 0; i < eventsEach; i++) {
                        updates.addEvent(event(tags), "user1");
                    }
                    return null;
                }));
            }
            for (Future<?> writer : running) {
                writer.get();
            }
        } finally {
            pool.shutdownNow();
        }
        for (String tag : TAGS) {
            assertThat(jdbc.queryForObject("SELECT refcount FROM socialeventtag WHERE tag = ?", Integer.class, tag))
                    .as(tag).isEqualTo(writers * eventsEach);
        }
        assertThat(jdbc.queryForObject("SELECT count(*) FROM socialeventtag_socialevent l JOIN socialeventtag t"
                + " ON t.socialeventtagid = l.socialeventtagid WHERE t.tag = ?", Integer.class, TAGS.get(0)))
                .isEqualTo(writers * eventsEach);
    }

    private static Forms.NewEvent event(List<String> tags) {
        return new Forms.NewEvent("Lock order", "Queue, do not deadlock", "Two events, the same tags", "555-0102",
                "Europe/Berlin", LocalDateTime.of(2031, 3, 1, 18, 0),
                new Forms.AddressForm("3 Side St", "", "Springfield", "CA", "94000", "USA"), tags, null, null);
    }
}
