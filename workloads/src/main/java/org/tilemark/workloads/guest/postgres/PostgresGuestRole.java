package org.tilemark.workloads.guest.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import java.util.regex.Pattern;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.templates.VmSize;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;

/**
 * A VM that is a PostgreSQL server holding one application database: the template build creates the
 * application user (SCRAM password) and its database and loads the role's data; start serves it on
 * the guest config's bind address to the tile's network. The database roles (dvdstore-db, olio-db,
 * deploy) are this class with their {@link Database} and {@link DataLoader}.
 */
public class PostgresGuestRole implements GuestRole {

    /**
     * The role's database: its name, the setting naming the application user ({@code null}: always
     * {@code defaultUser}) and the secret holding that user's password.
     */
    public record Database(String role, String name, String userSetting, String defaultUser, String passwordSecret,
                           String passwordDescription) {
    }

    /** Reads the role's data settings (failing on bad ones before anything starts) and returns how to load the data. */
    @FunctionalInterface
    public interface DataLoader {
        DataLoad plan(GuestContext context);

        /** No data: an empty database. */
        DataLoader NONE = context -> app -> { };
    }

    /** Loads the planned data through the application user's connection. */
    @FunctionalInterface
    public interface DataLoad {
        void into(Connection app) throws Exception;
    }

    private static final Logger LOG = LoggerFactory.getLogger(PostgresGuestRole.class);
    private static final Pattern SQL_ROLE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private final Database database;
    private final DataLoader loader;

    protected PostgresGuestRole(Database database, DataLoader loader) {
        this.database = database;
        this.loader = loader;
    }

    @Override
    public final String name() {
        return database.role();
    }

    @Override
    public final void buildTemplate(GuestContext context) throws Exception {
        String user = user(context);
        String password = password(context);
        DataLoad load = loader.plan(context);
        PostgresDataDirectory data = new PostgresDataDirectory(context.disk(), database.role());
        long startNanos = System.nanoTime();
        try (EmbeddedPostgres postgres = data.initializeAndStartForLoading()) {
            try (Connection admin = postgres.getPostgresDatabase().getConnection();
                 Statement statement = admin.createStatement()) {
                statement.execute("CREATE ROLE " + user + " LOGIN");
                // The SCRAM verifier is computed client-side: the password never travels as SQL text.
                admin.unwrap(PGConnection.class).alterUserPassword(user, password.toCharArray(), "scram-sha-256");
                statement.execute("CREATE DATABASE " + database.name() + " OWNER " + user);
            }
            try (Connection app = postgres.getDatabase(user, database.name()).getConnection()) {
                load.into(app);
            }
        }
        data.requirePasswords();
        LOG.info("Built {} template in {} ms", database.role(), (System.nanoTime() - startNanos) / 1_000_000);
    }

    @Override
    public final RunningGuest start(GuestContext context) throws Exception {
        Map<String, String> serverConfig = serverConfig(context);
        EmbeddedPostgres postgres = new PostgresDataDirectory(context.disk(), database.role())
                .start(user(context), password(context), context.bindAddress(), context.config().clientNetwork(), serverConfig);
        LOG.info("{} listening on {}:{}, admitting {}, configured {}", database.role(), context.bindAddress(), postgres.getPort(),
                context.config().clientNetwork(), serverConfig);
        return RunningGuest.of(postgres.getPort(), postgres);
    }

    /** Sized for the VM the guest config says this is; PostgreSQL's defaults, durable commits kept, where it says none. */
    static Map<String, String> serverConfig(GuestContext context) {
        VmSize size = context.config().size();
        if (size == null) {
            LOG.warn("the guest config gives no VM size: PostgreSQL runs with its default memory settings");
            return Map.of("fsync", "on", "synchronous_commit", "on");
        }
        return new PostgresSizing(size).serverConfig();
    }

    final String user(GuestContext context) {
        if (database.userSetting() == null) {
            return database.defaultUser();
        }
        String user = context.get(database.userSetting(), database.defaultUser());
        if (!SQL_ROLE_NAME.matcher(user).matches()) {
            throw new IllegalArgumentException("guest config setting " + database.userSetting() + " '" + user
                    + "' must be a lower-case SQL identifier");
        }
        return user;
    }

    final String password(GuestContext context) {
        return context.secret(database.passwordSecret()).orElseThrow(() -> new IllegalStateException(
                "secret " + database.passwordSecret() + " (" + database.passwordDescription() + ") is missing from the guest config"));
    }
}
