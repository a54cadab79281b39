package org.tilemark.workloads.guest.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A PostgreSQL data directory on a guest's disk, run with zonky's embedded binaries. The
 * directory holds everything PostgreSQL needs (no absolute paths are recorded in it), so a copy
 * made with {@code cp -a} starts anywhere. Used by {@link PostgresGuestRole}.
 */
public final class PostgresDataDirectory {

    public static final String DIRECTORY_NAME = "pgdata";
    /**
     * How long the server may take to accept its first login. Generous on purpose: the harness's own
     * power-on deadline ({@code run.provisionTimeout}, 5 min by default) decides when a VM is too slow;
     * 90 s gave up first on a busy 2-core CI machine while the harness was still willing to wait.
     */
    private static final Duration STARTUP_WAIT = Duration.ofMinutes(5);

    private static final String LOOPBACK = "127.0.0.1";
    private static final String LOOPBACK_NETWORK = LOOPBACK + "/32";

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
        return builder(LOOPBACK)
                // Tables are created and COPYed in one transaction: with minimal WAL the bulk data skips the log.
                .setServerConfig("wal_level", "minimal")
                .setServerConfig("max_wal_senders", "0")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("maintenance_work_mem", "256MB")
                .setServerConfig("max_wal_size", "4GB")
                .start();
    }

    /** Closes the server and makes password authentication mandatory from now on (on the loopback, until started for a network). */
    public void requirePasswords() throws IOException {
        admit(LOOPBACK_NETWORK);
    }

    /**
     * Starts the server on the existing directory, listening on {@code bindAddress} and admitting
     * clients from {@code clientNetwork} (a CIDR) with a SCRAM password. zonky's readiness probe logs
     * in as the given user over the loopback, so the loopback is always listened on and admitted too,
     * and the probe itself goes through password authentication.
     */
    public EmbeddedPostgres start(String user, String password, String bindAddress, String clientNetwork) throws IOException {
        return start(user, password, bindAddress, clientNetwork, Map.of());
    }

    /** The same, with {@code serverConfig} (e.g. {@link PostgresSizing#serverConfig()}) on the server's command line. */
    public EmbeddedPostgres start(String user, String password, String bindAddress, String clientNetwork,
                                  Map<String, String> serverConfig) throws IOException {
        if (!isInitialized()) {
            throw new IllegalStateException("no PostgreSQL data directory at " + directory
                    + " (build the " + roleName + " template first)");
        }
        admit(clientNetwork);
        EmbeddedPostgres.Builder builder = builder(listenAddresses(bindAddress));
        serverConfig.forEach(builder::setServerConfig);
        return builder
                .setConnectConfig("user", user)
                .setConnectConfig("password", password)
                .start();
    }

    /**
     * TCP only, SCRAM password for every user, from the client network and the loopback. There are no
     * {@code local} lines: Unix-socket connections are refused. The superuser has no password, so it
     * cannot log in.
     */
    static String hba(String clientNetwork) {
        StringBuilder hba = new StringBuilder("# Tilemark database guest: SCRAM password authentication over TCP only.\n");
        for (String network : new java.util.LinkedHashSet<>(java.util.List.of(clientNetwork, LOOPBACK_NETWORK))) {
            hba.append("host all all ").append(network).append(" scram-sha-256\n");
        }
        return hba.toString();
    }

    private void admit(String clientNetwork) throws IOException {
        if (!clientNetwork.matches("[0-9a-fA-F.:]+/\\d{1,3}")) {
            throw new IllegalArgumentException("client network '" + clientNetwork + "' is not a CIDR (e.g. 10.0.0.0/24)");
        }
        Files.writeString(directory.resolve("pg_hba.conf"), hba(clientNetwork));
    }

    private static String listenAddresses(String bindAddress) {
        return bindAddress.equals(LOOPBACK) || bindAddress.equals("*") ? bindAddress : bindAddress + "," + LOOPBACK;
    }

    private EmbeddedPostgres.Builder builder(String listenAddresses) {
        return EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(false)
                .setLocaleConfig("locale", "C")
                .setPGStartupWait(STARTUP_WAIT)
                .setServerConfig("listen_addresses", listenAddresses)
                .setServerConfig("password_encryption", "scram-sha-256");
    }

}
