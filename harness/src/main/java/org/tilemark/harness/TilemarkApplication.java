package org.tilemark.harness;

import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.ComponentScan;
import org.tilemark.harness.cli.TilemarkCli;
import picocli.CommandLine;

/**
 * The harness: a Spring Boot application whose only face (for now) is the picocli command line.
 * No auto-configuration: the harness wires its own few components, so libraries on the class path
 * (the guests' web server, JDBC) never start anything in the harness process.
 */
@SpringBootConfiguration
@ComponentScan("org.tilemark.harness.cli")
public class TilemarkApplication {

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(TilemarkApplication.class);
        application.setBannerMode(Banner.Mode.OFF);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.setLogStartupInfo(false);
        application.setRegisterShutdownHook(false);
        int exitCode;
        try (ConfigurableApplicationContext context = application.run()) {
            exitCode = TilemarkCli.execute(new SpringFactory(context), args);
        }
        System.exit(exitCode);
    }

    /** Lets picocli take its commands from the Spring context (constructor injection), and make anything else itself. */
    private record SpringFactory(ConfigurableApplicationContext context) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            // Only our own commands come from the context: picocli also asks the factory for
            // collections and converters, which must not resolve to Spring's beans.
            if (type.getName().startsWith("org.tilemark.") && context.getBeanNamesForType(type).length > 0) {
                return context.getBean(type);
            }
            return CommandLine.defaultFactory().create(type);
        }
    }
}
