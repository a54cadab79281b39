package org.tilemark.workloads.olio.web;

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
 * The {@code olio-web} VM: Olio's web tier (Spring Boot, embedded Tomcat) on 127.0.0.1 (or
 * guestinfo {@code guest.bind}), port chosen by the OS. Uploads are stored under the VM's
 * {@code disk/filestore}.
 *
 * <p>guestinfo: {@code olio.db.url} (full JDBC URL, required), {@code olio.db.user} (default
 * {@code olio}), {@code olio.db.pool} (connections, default 10). The password comes from the
 * environment variable {@value #PASSWORD_ENV}. The template build generates the sample media the
 * seeded rows refer to; start does so too if the disk lacks them.
 */
public final class OlioWebRole implements GuestRole {

    public static final String NAME = "olio-web";
    public static final String PASSWORD_ENV = "TILEMARK_OLIO_DB_PASSWORD";
    public static final int DEFAULT_POOL_SIZE = 10;
    static final long MAX_UPLOAD_BYTES = 10L * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(OlioWebRole.class);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void buildTemplate(GuestContext context) throws Exception {
        SampleMedia.ensure(new Filestore(context.disk()));
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        Filestore filestore = new Filestore(context.disk());
        SampleMedia.ensure(filestore);
        HikariDataSource dataSource = new HikariDataSource(poolConfig(context));
        ConfigurableApplicationContext application;
        try {
            application = new SpringApplicationBuilder(OlioWebApplication.class)
                    .bannerMode(Banner.Mode.OFF)
                    .logStartupInfo(false)
                    .registerShutdownHook(false)
                    .properties(Map.ofEntries(
                            Map.entry("server.port", "0"),
                            Map.entry("server.address", context.get("guest.bind", "127.0.0.1")),
                            Map.entry("server.shutdown", "immediate"),
                            Map.entry("spring.main.banner-mode", "off"),
                            Map.entry("spring.jmx.enabled", "false"),
                            Map.entry("spring.web.resources.add-mappings", "false"),
                            Map.entry("spring.servlet.multipart.max-file-size", Long.toString(MAX_UPLOAD_BYTES)),
                            Map.entry("spring.servlet.multipart.max-request-size", Long.toString(3 * MAX_UPLOAD_BYTES)),
                            Map.entry("logging.level.root", "WARN"),
                            Map.entry("logging.level.org.tilemark", "INFO")))
                    .initializers(ctx -> {
                        ctx.getBeanFactory().registerSingleton("dataSource", dataSource);
                        ctx.getBeanFactory().registerSingleton("filestore", filestore);
                    })
                    .run();
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        int port = ((WebServerApplicationContext) application).getWebServer().getPort();
        LOG.info("olio-web listening on port {}, files in {}", port, filestore.root());
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
        String url = context.require("olio.db.url");
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("guestinfo olio.db.url must be a jdbc:postgresql: URL");
        }
        String poolText = context.get("olio.db.pool", Integer.toString(DEFAULT_POOL_SIZE));
        int poolSize;
        try {
            poolSize = Integer.parseInt(poolText.strip());
        } catch (NumberFormatException e) {
            poolSize = -1;
        }
        if (poolSize < 1 || poolSize > 1_000) {
            throw new IllegalArgumentException("guestinfo olio.db.pool '" + poolText + "' must be a number in 1..1000");
        }
        HikariConfig config = new HikariConfig();
        config.setPoolName("olio-web");
        config.setJdbcUrl(url);
        config.setUsername(context.get("olio.db.user", "olio"));
        config.setPassword(context.secret(PASSWORD_ENV).orElseThrow(() -> new IllegalStateException(
                "environment variable " + PASSWORD_ENV + " (the Olio database password) is not set")));
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(poolSize);
        // Serve (with 503s) while the database is down or restarting; connections are re-made on demand.
        config.setInitializationFailTimeout(-1);
        config.setConnectionTimeout(5_000);
        config.setValidationTimeout(2_000);
        return config;
    }
}
