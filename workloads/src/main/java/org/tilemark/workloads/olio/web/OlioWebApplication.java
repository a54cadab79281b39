package org.tilemark.workloads.olio.web;

import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.servlet.autoconfigure.HttpEncodingAutoConfiguration;
import org.springframework.boot.servlet.autoconfigure.MultipartAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.tilemark.workloads.guest.web.ErrorResponses;
import org.springframework.http.CacheControl;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.resource.PathResourceResolver;

/**
 * The Olio web tier as a Spring Boot application: embedded Tomcat (with HTTP sessions), Spring MVC,
 * multipart uploads, static assets from the class path and stored files from the VM's filestore.
 * The {@link DataSource} and {@link Filestore} are registered by {@link OlioWebRole} before the context refreshes.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ImportAutoConfiguration({
        PropertyPlaceholderAutoConfiguration.class,
        TomcatServletWebServerAutoConfiguration.class,
        DispatcherServletAutoConfiguration.class,
        WebMvcAutoConfiguration.class,
        HttpEncodingAutoConfiguration.class,
        HttpMessageConvertersAutoConfiguration.class,
        MultipartAutoConfiguration.class})
@Import({HomeController.class, EventController.class, PersonController.class, ErrorResponses.class})
class OlioWebApplication {

    /** Browsers may reuse assets and stored files for an hour (stored files never change once written). */
    private static final CacheControl ASSET_CACHING = CacheControl.maxAge(Duration.ofHours(1)).cachePublic();

    @Bean
    JdbcTemplate jdbcTemplate(DataSource dataSource) {
        return new JdbcTemplate(dataSource);
    }

    @Bean
    OlioQueries olioQueries(JdbcTemplate jdbcTemplate) {
        return new OlioQueries(jdbcTemplate);
    }

    @Bean
    OlioUpdates olioUpdates(JdbcTemplate jdbcTemplate, DataSource dataSource, Filestore filestore) {
        return new OlioUpdates(jdbcTemplate, new TransactionTemplate(new DataSourceTransactionManager(dataSource)), filestore);
    }

    @Bean
    WebMvcConfigurer olioResources(Filestore filestore) {
        return new WebMvcConfigurer() {
            @Override
            public void addResourceHandlers(ResourceHandlerRegistry registry) {
                registry.addResourceHandler("/static/**").addResourceLocations("classpath:/olio/static/")
                        .setCacheControl(ASSET_CACHING);
                // No resolver cache: uploads appear at any time; every person and event has files of its own.
                registry.addResourceHandler("/files/**").addResourceLocations(filestore.root().toUri().toString())
                        .setCacheControl(ASSET_CACHING).resourceChain(false).addResolver(new PathResourceResolver());
            }
        };
    }
}
