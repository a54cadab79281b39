package org.tilemark.workloads.dvdstore.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.util.regex.Pattern;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.dvdstore.Ds3Size;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.guest.postgres.PostgresDataDirectory;

/**
 * The {@code dvdstore-db} VM: a real PostgreSQL holding the DVD Store 3 database {@code ds3}.
 *
 * <p>guestinfo: {@code dvdstore.size} (S, M, L or e.g. 100MB; default S), {@code dvdstore.seed}
 * (default 42), {@code dvdstore.db.user} (default {@code ds3}). The application user's password
 * comes from the environment variable {@value #PASSWORD_ENV}, at template build and at start.
 */
public final class DvdStoreDbRole implements GuestRole {

    public static final String NAME = "dvdstore-db";
    public static final String PASSWORD_ENV = "TILEMARK_DVDSTORE_DB_PASSWORD";
    public static final String DATABASE = "ds3";
    public static final String DEFAULT_USER = "ds3";
    public static final String DEFAULT_SIZE = "S";
    public static final long DEFAULT_SEED = 42;

    private static final Logger LOG = LoggerFactory.getLogger(DvdStoreDbRole.class);
    private static final Pattern ROLE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void buildTemplate(GuestContext context) throws Exception {
        Ds3Size size = Ds3Size.parse(context.get("dvdstore.size", DEFAULT_SIZE));
        long seed = seed(context);
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
                Ds3Loader.load(app, size, seed);
            }
        }
        data.requirePasswords();
        LOG.info("Built dvdstore-db template (size {}, seed {}) in {} ms", size.label(), seed,
                (System.nanoTime() - startNanos) / 1_000_000);
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        EmbeddedPostgres postgres = new PostgresDataDirectory(context.disk(), NAME).start(user(context), password(context));
        LOG.info("dvdstore-db listening on 127.0.0.1:{}", postgres.getPort());
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
        String user = context.get("dvdstore.db.user", DEFAULT_USER);
        if (!ROLE_NAME.matcher(user).matches()) {
            throw new IllegalArgumentException("guestinfo dvdstore.db.user '" + user
                    + "' must be a lower-case SQL identifier");
        }
        return user;
    }

    static String password(GuestContext context) {
        return context.secret(PASSWORD_ENV).orElseThrow(() -> new IllegalStateException(
                "environment variable " + PASSWORD_ENV + " (the DVD Store database password) is not set"));
    }

    private static long seed(GuestContext context) {
        String text = context.get("dvdstore.seed", Long.toString(DEFAULT_SEED));
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("guestinfo dvdstore.seed '" + text + "' is not an integer", e);
        }
    }
}
