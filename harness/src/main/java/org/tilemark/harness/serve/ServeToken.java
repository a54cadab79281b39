package org.tilemark.harness.serve;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.HarnessSecrets;

/**
 * The web app's access token: from {@code serve.tokenEnv}, else {@code serve.tokenFile}, else generated once
 * into {@code <run.stateDir>/secrets/serve-token} (0600), like every other harness secret. Its
 * {@code toString} never shows it.
 */
final class ServeToken {

    static final String SECRET_NAME = "serve-token";

    private final byte[] value;

    private ServeToken(String value) {
        this.value = value.getBytes(StandardCharsets.UTF_8);
    }

    static ServeToken of(BenchmarkSpec spec, Map<String, String> environment) {
        String token = new HarnessSecrets(spec.run().stateDir(), environment)
                .secret(SECRET_NAME, spec.serve().tokenEnv(), spec.serve().tokenFile());
        return new ServeToken(token);
    }

    /** Compared in constant time, so response times tell nothing about the token. */
    boolean matches(String offered) {
        return offered != null && MessageDigest.isEqual(value, offered.getBytes(StandardCharsets.UTF_8));
    }

    /** The token itself: only for the one start line that prints the URL to open. */
    String reveal() {
        return new String(value, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "ServeToken[***]";
    }
}
