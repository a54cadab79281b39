package org.tilemark.harness.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.Secrets;
import org.tilemark.workloads.SecretSource;

/**
 * Credentials for the run: the configured file, else the configured environment variable (see
 * {@link Secrets#resolve}), else a random secret generated once into
 * {@code <run.stateDir>/secrets/<name>} (mode 0600) and reused, so template disks that bake the
 * credential stay valid between runs.
 */
public final class HarnessSecrets implements SecretSource {

    private final Path directory;
    private final Map<String, String> environment;

    public HarnessSecrets(Path stateDir, Map<String, String> environment) {
        this.directory = stateDir.resolve("secrets");
        this.environment = environment;
    }

    @Override
    public String secret(String name, String environmentVariable, Path file) {
        Optional<String> configured = Secrets.resolve(environmentVariable, file, environment);
        return configured.orElseGet(() -> generated(name));
    }

    private synchronized String generated(String name) {
        Path file = directory.resolve(name);
        try {
            if (Files.isRegularFile(file)) {
                String existing = Files.readString(file).trim();
                if (!existing.isEmpty()) {
                    return existing;
                }
            }
            Files.createDirectories(directory);
            byte[] bytes = new byte[18];
            new SecureRandom().nextBytes(bytes);
            String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            // Written whole or not at all: a crash must not leave an empty password behind.
            Path temp = directory.resolve(name + ".tmp");
            Files.deleteIfExists(temp);
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(temp, secret);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return secret;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create secret file " + file + ": " + e.getMessage(), e);
        }
    }
}
