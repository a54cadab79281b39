package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HarnessSecretsTest {

    private static final String NAME = "dvdstore-db-password";
    private static final String VARIABLE = "TILEMARK_DVDSTORE_DB_PASSWORD";

    @TempDir
    Path workDir;

    @Test
    void theEnvironmentVariableIsUsedAndNothingIsWritten() {
        HarnessSecrets secrets = new HarnessSecrets(workDir, Map.of(VARIABLE, "from-env"));

        assertThat(secrets.secret(NAME, VARIABLE, null)).isEqualTo("from-env");
        assertThat(workDir.resolve("secrets")).doesNotExist();
    }

    @Test
    void aConfiguredFileIsRead() throws Exception {
        Path file = Files.writeString(workDir.resolve("pw.txt"), "from-file\n");

        assertThat(new HarnessSecrets(workDir, Map.of()).secret(NAME, VARIABLE, file)).isEqualTo("from-file");
        // Naming a file is the explicit choice (config's Secrets.resolve): it wins over the variable.
        assertThat(new HarnessSecrets(workDir, Map.of(VARIABLE, "from-env")).secret(NAME, VARIABLE, file)).isEqualTo("from-file");
        assertThat(workDir.resolve("secrets")).doesNotExist();
    }

    @Test
    void otherwiseASecretIsGeneratedOnceWithOwnerOnlyPermissionsAndReused() throws Exception {
        String generated = new HarnessSecrets(workDir, Map.of(VARIABLE, " ")).secret(NAME, VARIABLE, null);

        Path file = workDir.resolve("secrets").resolve(NAME);
        assertThat(generated).matches("[A-Za-z0-9_-]{24}");
        assertThat(Files.readString(file)).isEqualTo(generated);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        // A later run (a new instance) gets the same secret, so cached template disks stay valid.
        assertThat(new HarnessSecrets(workDir, Map.of()).secret(NAME, VARIABLE, null)).isEqualTo(generated);
        assertThat(new HarnessSecrets(workDir, Map.of()).secret("mail-password", "TILEMARK_MAIL_PASSWORD", null))
                .isNotEqualTo(generated).hasSize(24);
    }

    @Test
    void anEmptySecretFileLeftByACrashIsNotUsedAsThePassword() throws Exception {
        Files.createDirectories(workDir.resolve("secrets"));
        Files.createFile(workDir.resolve("secrets").resolve(NAME));

        assertThat(new HarnessSecrets(workDir, Map.of()).secret(NAME, VARIABLE, null)).isNotBlank();
    }
}
