package org.tilemark.harness.serve;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.Import;
import org.tilemark.workloads.guest.web.WebTierAutoConfiguration;

/**
 * The web app as a Spring Boot application: the same explicit auto-configuration as the guests' web
 * tiers (embedded Tomcat, Spring MVC, static pages), so nothing else on the class path (JDBC) starts.
 * {@link LiveServer} registers its beans before the context refreshes.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@WebTierAutoConfiguration
@Import({ApiController.class, ResultsController.class})
class ServeApplication {
}
