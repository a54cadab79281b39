package org.tilemark.workloads.guest.web;

import com.zaxxer.hikari.HikariDataSource;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;

/**
 * Starts a web guest: a Spring Boot application (embedded Tomcat) on the guest config's bind address,
 * port chosen by the OS, with its database pool and the role's own beans registered before the
 * context refreshes. Requests in flight finish when the guest stops (a switch-over to a moved copy
 * must not fail the requests the old copy is serving).
 */
public final class SpringWebGuest {

    private static final Logger LOG = LoggerFactory.getLogger(SpringWebGuest.class);

    private SpringWebGuest() {
    }

    /**
     * @param application the role's {@code @SpringBootConfiguration} (it should import {@link ErrorResponses})
     * @param properties  the role's own Spring properties, added to the common ones
     * @param beans       singletons besides the {@code dataSource}, by bean name
     */
    public static RunningGuest start(GuestContext context, Class<?> application, DatabasePool pool,
                                     Map<String, String> properties, Map<String, Object> beans) {
        HikariDataSource dataSource = new HikariDataSource(pool.config(context));
        Map<String, Object> all = new HashMap<>(Map.of(
                "server.port", "0",
                "server.address", context.bindAddress(),
                "server.shutdown", "graceful",
                "spring.lifecycle.timeout-per-shutdown-phase", "5s",
                "spring.main.banner-mode", "off",
                "spring.jmx.enabled", "false",
                "logging.level.root", "WARN",
                "logging.level.org.tilemark", "INFO"));
        all.putAll(properties);
        ConfigurableApplicationContext running;
        try {
            running = new SpringApplicationBuilder(application)
                    .bannerMode(Banner.Mode.OFF)
                    .logStartupInfo(false)
                    .registerShutdownHook(false)
                    .properties(all)
                    .initializers(ctx -> {
                        ctx.getBeanFactory().registerSingleton("dataSource", dataSource);
                        beans.forEach(ctx.getBeanFactory()::registerSingleton);
                    })
                    .run();
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        int port = ((WebServerApplicationContext) running).getWebServer().getPort();
        LOG.info("{} listening on {}:{}", context.config().role(), context.bindAddress(), port);
        return RunningGuest.of(port, () -> {
            try {
                running.close();
            } finally {
                dataSource.close();
            }
        });
    }
}
