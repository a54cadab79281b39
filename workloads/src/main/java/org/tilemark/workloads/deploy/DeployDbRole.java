package org.tilemark.workloads.deploy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.Statement;
import org.postgresql.PGConnection;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.guest.postgres.PostgresDataDirectory;

/**
 * The {@code deploy} VM that the Deploy operation clones, boots, works and destroys: an empty
 * PostgreSQL database ({@value #DATABASE}, owner {@value #USER}) that {@link DeployJob} loads and
 * queries once the VM is up. The password comes from {@value #PASSWORD_ENV} at build and at start.
 */
public final class DeployDbRole implements GuestRole {

    public static final String NAME = "deploy";
    public static final String PASSWORD_ENV = "TILEMARK_DEPLOY_DB_PASSWORD";
    public static final String DATABASE = "deployjob";
    public static final String USER = "deployjob";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void buildTemplate(GuestContext context) throws Exception {
        PostgresDataDirectory data = new PostgresDataDirectory(context.disk(), NAME);
        try (EmbeddedPostgres postgres = data.initializeAndStartForLoading();
             Connection admin = postgres.getPostgresDatabase().getConnection();
             Statement statement = admin.createStatement()) {
            statement.execute("CREATE ROLE " + USER + " LOGIN");
            // The SCRAM verifier is computed client-side: the password never travels as SQL text.
            admin.unwrap(PGConnection.class).alterUserPassword(USER, password(context).toCharArray(), "scram-sha-256");
            statement.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
        }
        data.requirePasswords();
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        EmbeddedPostgres postgres = new PostgresDataDirectory(context.disk(), NAME).start(USER, password(context));
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

    private static String password(GuestContext context) {
        return context.secret(PASSWORD_ENV).orElseThrow(() -> new IllegalStateException(
                "environment variable " + PASSWORD_ENV + " (the deploy VM's database password) is not set"));
    }
}
