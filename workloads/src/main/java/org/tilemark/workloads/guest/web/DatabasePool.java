package org.tilemark.workloads.guest.web;

import com.zaxxer.hikari.HikariConfig;
import org.tilemark.workloads.guest.GuestContext;

/**
 * The web tier's connection pool to its PostgreSQL database, configured from settings under one
 * prefix: {@code PREFIX.url} (a full JDBC URL, for a database outside the tile) or {@code PREFIX.peer}
 * (the database VM, whose address the guest config gives), {@code PREFIX.user}, {@code PREFIX.pool}
 * (connections, default {@value #DEFAULT_POOL_SIZE}); the password is the secret {@code passwordSecret}.
 */
public record DatabasePool(String prefix, String database, String defaultUser, String passwordSecret, String passwordDescription) {

    public static final int DEFAULT_POOL_SIZE = 10;

    public HikariConfig config(GuestContext context) {
        String url = context.get(prefix + ".url", "");
        if (url.isBlank()) {
            url = "jdbc:postgresql://" + context.peer(prefix + ".peer") + "/" + database;
        } else if (!url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("guest config setting " + prefix + ".url must be a jdbc:postgresql: URL");
        }
        String poolText = context.get(prefix + ".pool", Integer.toString(DEFAULT_POOL_SIZE));
        long poolSize;
        try {
            poolSize = Long.parseLong(poolText.strip());
        } catch (NumberFormatException e) {
            poolSize = -1;
        }
        if (poolSize < 1 || poolSize > 1_000) {
            throw new IllegalArgumentException("guest config setting " + prefix + ".pool '" + poolText + "' must be a number in 1..1000");
        }
        HikariConfig config = new HikariConfig();
        config.setPoolName(context.config().role());
        config.setJdbcUrl(url);
        config.setUsername(context.get(prefix + ".user", defaultUser));
        config.setPassword(context.secret(passwordSecret).orElseThrow(() -> new IllegalStateException(
                "secret " + passwordSecret + " (" + passwordDescription + ") is missing from the guest config")));
        config.setMaximumPoolSize((int) poolSize);
        config.setMinimumIdle((int) poolSize);
        // Serve (with 503s) while the database is down or restarting; connections are re-made on demand.
        config.setInitializationFailTimeout(-1);
        config.setConnectionTimeout(5_000);
        config.setValidationTimeout(2_000);
        return config;
    }
}
