package org.tilemark.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Resolves a credential at the moment it is needed, so that no spec, log line or snapshot ever holds it. */
public final class Secrets {

    private Secrets() {
    }

    /**
     * A configured file wins over the environment, since naming a file is an explicit choice while the
     * environment variable name always has a default.
     *
     * @param envName name of the environment variable to consult; may be null or blank
     * @param file    file whose trimmed content is the secret; may be null
     * @param env     the environment, usually {@code System.getenv()}
     * @return the secret, or empty when neither source provides a non-empty value
     * @throws UncheckedIOException if {@code file} is given but cannot be read (the message names the file only)
     */
    public static Optional<String> resolve(String envName, Path file, Map<String, String> env) {
        if (file != null) {
            try {
                return nonEmpty(Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read secret file " + file, e);
            }
        }
        if (envName == null || envName.isBlank()) {
            return Optional.empty();
        }
        return Optional.ofNullable(env.get(envName)).flatMap(Secrets::nonEmpty);
    }

    private static Optional<String> nonEmpty(String value) {
        String trimmed = value.strip();
        return trimmed.isEmpty() ? Optional.empty() : Optional.of(trimmed);
    }
}
