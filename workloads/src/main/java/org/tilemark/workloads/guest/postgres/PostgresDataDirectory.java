package org.tilemark.workloads.guest.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A PostgreSQL data directory on a guest's disk, run with zonky's embedded binaries. The
 * directory holds everything PostgreSQL needs (no absolute paths are recorded in it), so a copy
 * made with {@code cp -a} starts anywhere. Shared by the database roles (dvdstore-db, olio-db).
 */
public final class PostgresDataDirectory {

    public static final String DIRECTORY_NAME = "pgdata";
    private static final Duration STARTUP_WAIT = Duration.ofSeconds(90);

    /**
     * TCP on the loopback only, password (SCRAM) for every user. There are no {@code local} lines:
     * Unix-socket connections are refused. The superuser has no password, so it cannot log in.
     */
    static final String PASSWORD_ONLY_HBA = """
            # Tilemark database guest: SCRAM password authentication over loopback TCP only.
            host all all 127.0.0.1/32 scram-sha-256
            """;

    private final Path directory;
    private final String roleName;

    /** {@code roleName} (e.g. {@code olio-db}) only names the role in error messages. */
    public PostgresDataDirectory(Path disk, String roleName) {
        this.directory = disk.resolve(DIRECTORY_NAME);
        this.roleName = roleName;
    }

    public Path path() {
        return directory;
    }

    public boolean isInitialized() {
        return Files.isRegularFile(directory.resolve("PG_VERSION"))
                && Files.isRegularFile(directory.resolve("postgresql.conf"));
    }

    /**
     * Runs initdb (trust authentication while the template is being built) and starts the server
     * tuned for a one-off bulk load.
     */
    public EmbeddedPostgres initializeAndStartForLoading() throws IOException {
        if (isInitialized()) {
            throw new IllegalStateException("a PostgreSQL data directory already exists at " + directory);
        }
        Files.createDirectories(directory.getParent());
        return builder()
                // Tables are created and COPYed in one transaction: with minimal WAL the bulk data skips the log.
                .setServerConfig("wal_level", "minimal")
                .setServerConfig("max_wal_senders", "0")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("maintenance_work_mem", "256MB")
                .setServerConfig("max_wal_size", "4GB")
                .start();
    }

    /** Closes the server and makes password authentication mandatory from now on. */
    public void requirePasswords() throws IOException {
        Files.writeString(directory.resolve("pg_hba.conf"), PASSWORD_ONLY_HBA);
    }

    /**
     * Starts the server on the existing directory. zonky's readiness probe logs in as the given
     * user, so the probe itself goes through password authentication.
     */
    public EmbeddedPostgres start(String user, String password) throws IOException {
        if (!isInitialized()) {
            throw new IllegalStateException("no PostgreSQL data directory at " + directory
                    + " (build the " + roleName + " template first)");
        }
        return builder()
                .setConnectConfig("user", user)
                .setConnectConfig("password", password)
                .start();
    }

    private EmbeddedPostgres.Builder builder() {
        return EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(false)
                .setLocaleConfig("locale", "C")
                .setPGStartupWait(STARTUP_WAIT)
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("password_encryption", "scram-sha-256");
    }

}
