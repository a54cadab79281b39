package org.tilemark.harness.serve;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
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
    private final byte[] session;

    private ServeToken(String value) {
        this.value = value.getBytes(StandardCharsets.UTF_8);
        this.session = derive(this.value).getBytes(StandardCharsets.UTF_8);
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

    /**
     * The browser's reading credential, set as an HttpOnly cookie so that links (a bundle's report and its
     * charts) open without the token in their URL: derived from the token (HMAC-SHA256), it is not the token,
     * and {@link TokenFilter} takes it for reading only.
     */
    String sessionValue() {
        return new String(session, StandardCharsets.UTF_8);
    }

    boolean matchesSession(String offered) {
        return offered != null && MessageDigest.isEqual(session, offered.getBytes(StandardCharsets.UTF_8));
    }

    private static String derive(byte[] token) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(token, "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(
                    mac.doFinal("tilemark-serve-session".getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
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
