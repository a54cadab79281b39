package org.tilemark.workloads.olio.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.regex.Pattern;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.guest.postgres.PostgresDataDirectory;

/**
 * The {@code olio-db} VM: a real PostgreSQL holding Olio's database {@value #DATABASE}.
 *
 * <p>guestinfo: {@code olio.loadedUsers} (persons to load, at least 25; default 2500),
 * {@code olio.seed} (default 42), {@code olio.db.user} (default {@code olio}). The application
 * user's password comes from the environment variable {@value #PASSWORD_ENV}, at template build and
 * at start. Event dates are spread around the day the template is built.
 */
public final class OlioDbRole implements GuestRole {

    public static final String NAME = "olio-db";
    public static final String PASSWORD_ENV = "TILEMARK_OLIO_DB_PASSWORD";
    public static final String DATABASE = "olio";
    public static final String DEFAULT_USER = "olio";
    public static final int DEFAULT_LOADED_USERS = 2500;
    public static final long DEFAULT_SEED = 42;

    private static final Logger LOG = LoggerFactory.getLogger(OlioDbRole.class);
    private static final Pattern ROLE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void buildTemplate(GuestContext context) throws Exception {
        OlioScale scale = OlioScale.forLoadedUsers(integer(context, "olio.loadedUsers", DEFAULT_LOADED_USERS));
        long seed = integer(context, "olio.seed", DEFAULT_SEED);
        String user = user(context);
        String password = password(context);
        PostgresDataDirectory data = new PostgresDataDirectory(context.disk(), NAME);
        long startNanos = System.nanoTime();
        try (EmbeddedPostgres postgres = data.initializeAndStartForLoading()) {
            try (Connection admin = postgres.getPostgresDatabase().getConnection();
                 Statement statement = admin.createStatement()) {
                statement.execute("CREATE ROLE " + user + " LOGIN");
                // The SCRAM verifier is computed client-side: the password never travels as SQL text.
                admin.unwrap(PGConnection.class).alterUserPassword(user, password.toCharArray(), "scram-sha-256");
                statement.execute("CREATE DATABASE " + DATABASE + " OWNER " + user);
            }
            try (Connection app = postgres.getDatabase(user, DATABASE).getConnection()) {
                OlioLoader.load(app, scale, seed, LocalDate.now(ZoneOffset.UTC));
            }
        }
        data.requirePasswords();
        LOG.info("Built olio-db template ({} users, seed {}) in {} ms", scale.loadedUsers(), seed,
                (System.nanoTime() - startNanos) / 1_000_000);
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        EmbeddedPostgres postgres = new PostgresDataDirectory(context.disk(), NAME).start(user(context), password(context));
        LOG.info("olio-db listening on 127.0.0.1:{}", postgres.getPort());
        return new RunningGuest() {
            @Override
            public int port() {
                return postgres.getPort();
            }

            @Override
            public void close() throws Exception {
                postgres.close();
            }
        };
    }

    static String user(GuestContext context) {
        String user = context.get("olio.db.user", DEFAULT_USER);
        if (!ROLE_NAME.matcher(user).matches()) {
            throw new IllegalArgumentException("guestinfo olio.db.user '" + user + "' must be a lower-case SQL identifier");
        }
        return user;
    }

    static String password(GuestContext context) {
        return context.secret(PASSWORD_ENV).orElseThrow(() -> new IllegalStateException(
                "environment variable " + PASSWORD_ENV + " (the Olio database password) is not set"));
    }

    private static int integer(GuestContext context, String key, int fallback) {
        return Math.toIntExact(integer(context, key, (long) fallback));
    }

    private static long integer(GuestContext context, String key, long fallback) {
        String text = context.get(key, Long.toString(fallback));
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("guestinfo " + key + " '" + text + "' is not an integer", e);
        }
    }
}
