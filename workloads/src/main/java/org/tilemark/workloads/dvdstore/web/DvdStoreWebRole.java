package org.tilemark.workloads.dvdstore.web;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;

/**
 * The {@code dvdstore-web} VM: the DVD Store store front (Spring Boot, embedded Tomcat) on
 * 127.0.0.1, port chosen by the OS.
 *
 * <p>guestinfo: {@code dvdstore.db.url} (full JDBC URL, required), {@code dvdstore.db.user}
 * (default {@code ds3}), {@code dvdstore.db.pool} (connections, default 10). The password comes
 * from the environment variable {@value #PASSWORD_ENV}. The pool reconnects by itself when the
 * database restarts; requests in the meantime fail with HTTP 503.
 */
public final class DvdStoreWebRole implements GuestRole {

    public static final String NAME = "dvdstore-web";
    public static final String PASSWORD_ENV = "TILEMARK_DVDSTORE_DB_PASSWORD";
    public static final int DEFAULT_POOL_SIZE = 10;

    private static final Logger LOG = LoggerFactory.getLogger(DvdStoreWebRole.class);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        HikariDataSource dataSource = new HikariDataSource(poolConfig(context));
        ConfigurableApplicationContext application;
        try {
            application = new SpringApplicationBuilder(StoreFrontApplication.class)
                    .bannerMode(Banner.Mode.OFF)
                    .logStartupInfo(false)
                    .registerShutdownHook(false)
                    .properties(Map.of(
                            "server.port", "0",
                            "server.address", "127.0.0.1",
                            // Requests in flight finish when the guest stops (a switch-over to a moved copy
                            // must not fail the orders the old copy is serving).
                            "server.shutdown", "graceful",
                            "spring.lifecycle.timeout-per-shutdown-phase", "5s",
                            "spring.main.banner-mode", "off",
                            "spring.jmx.enabled", "false",
                            "logging.level.root", "WARN",
                            "logging.level.org.tilemark", "INFO"))
                    .initializers(ctx -> ctx.getBeanFactory().registerSingleton("dataSource", dataSource))
                    .run();
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        int port = ((WebServerApplicationContext) application).getWebServer().getPort();
        LOG.info("dvdstore-web listening on 127.0.0.1:{}", port);
        return new RunningGuest() {
            @Override
            public int port() {
                return port;
            }

            @Override
            public void close() {
                try {
                    application.close();
                } finally {
                    dataSource.close();
                }
            }
        };
    }

    static HikariConfig poolConfig(GuestContext context) {
        String url = context.require("dvdstore.db.url");
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("guestinfo dvdstore.db.url must be a jdbc:postgresql: URL");
        }
        int poolSize = poolSize(context.get("dvdstore.db.pool", Integer.toString(DEFAULT_POOL_SIZE)));
        HikariConfig config = new HikariConfig();
        config.setPoolName("dvdstore-web");
        config.setJdbcUrl(url);
        config.setUsername(context.get("dvdstore.db.user", "ds3"));
        config.setPassword(context.secret(PASSWORD_ENV).orElseThrow(() -> new IllegalStateException(
                "environment variable " + PASSWORD_ENV + " (the DVD Store database password) is not set")));
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(poolSize);
        // Serve (with 503s) while the database is down or restarting; connections are re-made on demand.
        config.setInitializationFailTimeout(-1);
        config.setConnectionTimeout(5_000);
        config.setValidationTimeout(2_000);
        return config;
    }

    private static int poolSize(String text) {
        try {
            int size = Integer.parseInt(text.strip());
            if (size >= 1 && size <= 1_000) {
                return size;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("guestinfo dvdstore.db.pool '" + text + "' must be a number in 1..1000");
    }
}
