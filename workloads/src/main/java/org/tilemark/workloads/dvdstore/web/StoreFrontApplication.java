package org.tilemark.workloads.dvdstore.web;

import javax.sql.DataSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.tilemark.workloads.guest.web.ErrorResponses;
import org.tilemark.workloads.guest.web.WebTierAutoConfiguration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The DVD Store web tier as a Spring Boot application ({@link WebTierAutoConfiguration}: an embedded
 * Tomcat with Spring MVC, nothing else from the class path); the
 * {@link DataSource} is registered by {@link org.tilemark.workloads.guest.web.SpringWebGuest} before the context refreshes.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@WebTierAutoConfiguration
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
