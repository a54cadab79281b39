package org.tilemark.workloads.dvdstore.web;

import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.servlet.autoconfigure.HttpEncodingAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.tilemark.workloads.guest.web.ErrorResponses;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The DVD Store web tier as a Spring Boot application. Auto-configuration is an explicit list (an
 * embedded Tomcat with Spring MVC) so nothing else on the classpath sneaks in; the
 * {@link DataSource} is registered by {@link org.tilemark.workloads.guest.web.SpringWebGuest} before the context refreshes.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ImportAutoConfiguration({
        PropertyPlaceholderAutoConfiguration.class,
        TomcatServletWebServerAutoConfiguration.class,
        DispatcherServletAutoConfiguration.class,
        WebMvcAutoConfiguration.class,
        HttpEncodingAutoConfiguration.class,
        HttpMessageConvertersAutoConfiguration.class})
@Import({CustomerController.class, BrowseController.class, ReviewController.class, PurchaseController.class,
        ErrorResponses.class})
class StoreFrontApplication {

    @Bean
    JdbcTemplate jdbcTemplate(DataSource dataSource) {
        return new JdbcTemplate(dataSource);
    }

    @Bean
    TransactionTemplate transactionTemplate(DataSource dataSource) {
        return new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    @Bean
    PurchaseService purchaseService(JdbcTemplate jdbcTemplate, TransactionTemplate transactionTemplate) {
        return new PurchaseService(jdbcTemplate, transactionTemplate);
    }
}
