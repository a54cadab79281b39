package org.tilemark.workloads.dvdstore.db;

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
 * Opt-in ({@code -Dds3.measure=true}): builds the full size-S template and prints its build time
 * and disk size. Too slow for every build; used to check the "S loads well under a minute" goal.
 */
@EnabledIfSystemProperty(named = "ds3.measure", matches = "true")
class SmallTemplateMeasurementTest {

    @TempDir
    Path root;

    @Test
    void buildSmallTemplate() throws Exception {
        long startNanos = System.nanoTime();
        new DvdStoreDbRole().buildTemplate(new GuestContext(root, Map.of("dvdstore.size", "S"),
                Map.of(DvdStoreDbRole.PASSWORD_ENV, "measure-only")));
        long elapsedMs = (System.nanoTime() - startNanos) / 1_000_000;
        long bytes = sizeOf(root.resolve(PostgresDataDirectory.DIRECTORY_NAME));
        System.out.printf("DS3 size S template: built in %d ms, %d MB on disk%n", elapsedMs, bytes / (1024 * 1024));
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
