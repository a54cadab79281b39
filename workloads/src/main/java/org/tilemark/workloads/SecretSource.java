package org.tilemark.workloads;

import java.nio.file.Path;

/** Resolves a credential: from the environment variable, else the file, else the harness's own generated secret. */
@FunctionalInterface
public interface SecretSource {

    String secret(String name, String environmentVariable, Path file);
}
