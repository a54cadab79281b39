package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.dvdstore.DatabaseSpec;

class SecretsTest {

    @TempDir
    Path dir;

    @Test
    void readsTheEnvironmentVariable() {
        assertThat(Secrets.resolve("DB_PW", null, Map.of("DB_PW", "s3cret"))).contains("s3cret");
        assertThat(Secrets.resolve("DB_PW", null, Map.of("OTHER", "x"))).isEmpty();
        assertThat(Secrets.resolve("DB_PW", null, Map.of("DB_PW", "  "))).isEmpty();
        assertThat(Secrets.resolve("", null, Map.of("", "x"))).isEmpty();
    }

    @Test
    void aConfiguredFileWinsAndIsTrimmed() throws Exception {
        Path file = dir.resolve("pw");
        Files.writeString(file, "from-file\n");

        assertThat(Secrets.resolve("DB_PW", file, Map.of("DB_PW", "from-env"))).contains("from-file");
    }

    @Test
    void anUnreadableFileNamesTheFileOnly() {
        Path missing = dir.resolve("missing-pw");

        assertThatThrownBy(() -> Secrets.resolve("DB_PW", missing, Map.of("DB_PW", "from-env")))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot read secret file " + missing);
    }

    @Test
    void databaseSpecNeverPrintsAPasswordInItsUrl() {
        DatabaseSpec database = new DatabaseSpec(
                "jdbc:postgresql://ds3:hunter2@db:5432/ds3?ssl=true&password=hunter2&x=1", "ds3", "PW", null, 4);

        assertThat(database.toString()).doesNotContain("hunter2")
                .contains("jdbc:postgresql://***@db:5432/ds3?ssl=true&password=***&x=1");
        assertThat(new DatabaseSpec("jdbc:postgresql://db/ds3_{tile}", "ds3", "PW", null, 4).redactedJdbcUrl())
                .isEqualTo("jdbc:postgresql://db/ds3_{tile}");
    }
}
