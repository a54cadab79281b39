package org.tilemark.workloads.olio.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.postgres.PostgresDataDirectory;

/**
 * Opt-in ({@code -Dolio.measure=true}, optionally {@code -Dolio.measure.users=N}, default 2500):
 * builds the olio-db template and prints its build time and disk size. Too slow for every build.
 */
@EnabledIfSystemProperty(named = "olio.measure", matches = "true")
class OlioTemplateMeasurementTest {

    @TempDir
    Path root;

    @Test
    void buildTemplate() throws Exception {
        String users = System.getProperty("olio.measure.users", "2500");
        long startNanos = System.nanoTime();
        new OlioDbRole().buildTemplate(new GuestContext(root, Map.of("olio.loadedUsers", users),
                Map.of(OlioDbRole.PASSWORD_ENV, "measure-only")));
        long elapsedMs = (System.nanoTime() - startNanos) / 1_000_000;
        long bytes = sizeOf(root.resolve(PostgresDataDirectory.DIRECTORY_NAME));
        OlioScale scale = OlioScale.forLoadedUsers(Integer.parseInt(users));
        System.out.printf("Olio template (%d users, %d tags, %d events): built in %d ms, %d MB on disk%n",
                scale.loadedUsers(), scale.tags(), scale.events(), elapsedMs, bytes / (1024 * 1024));
        assertThat(bytes).isPositive();
    }

    private static long sizeOf(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        }
    }
}
