package org.tilemark.workloads.olio.db;

import java.time.LocalDate;
import java.time.ZoneOffset;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.guest.postgres.PostgresGuestRole;

/**
 * The {@code olio-db} VM: a real PostgreSQL holding Olio's database {@value #DATABASE}.
 *
 * <p>Settings: {@code olio.loadedUsers} (persons to load, at least 25; default 2500),
 * {@code olio.seed} (default 42), {@code olio.db.user} (default {@code olio}). The application
 * user's password is the secret {@value #PASSWORD_ENV}, at template build and at start. Event dates
 * are spread around the day the template is built.
 */
public final class OlioDbRole extends PostgresGuestRole {

    public static final String NAME = "olio-db";
    /** The password's secret in the guest config, and the harness's environment variable for it. */
    public static final String PASSWORD_ENV = "TILEMARK_OLIO_DB_PASSWORD";
    public static final String DATABASE = "olio";
    public static final String DEFAULT_USER = "olio";
    public static final int DEFAULT_LOADED_USERS = 2500;
    public static final long DEFAULT_SEED = 42;

    public OlioDbRole() {
        super(new Database(NAME, DATABASE, "olio.db.user", DEFAULT_USER, PASSWORD_ENV, "the Olio database password"),
                context -> {
                    OlioScale scale = OlioScale.forLoadedUsers(Math.toIntExact(context.integer("olio.loadedUsers", DEFAULT_LOADED_USERS)));
                    long seed = context.integer("olio.seed", DEFAULT_SEED);
                    return app -> {
                        OlioLoader.load(app, scale, seed, LocalDate.now(ZoneOffset.UTC));
                        LoggerFactory.getLogger(OlioDbRole.class).info("Loaded Olio ({} users, seed {})", scale.loadedUsers(), seed);
                    };
                });
    }
}
