package org.tilemark.templates.guest;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * The guest's side of {@link SecretSource}: one HTTPS GET with the token, trusting only the certificate whose SHA-256
 * the source names ({@link PinnedCertificate}: the harness's own, made for the run). The answer is the secrets as a JSON object of strings.
 */
public final class SecretFetch {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private SecretFetch() {
    }

    /** {@code config} with its secrets, fetched from its source if it names one; as it is otherwise. */
    public static GuestConfig resolve(GuestConfig config) throws IOException {
        return config.secretSource() == null ? config : config.withSecrets(fetch(config.secretSource()));
    }

    /** The secrets {@code source} hands out; an {@link IOException} naming the address when it refuses or is not the pinned server. */
    public static Map<String, String> fetch(SecretSource source) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(source.url())).timeout(TIMEOUT)
                .header(SecretSource.TOKEN_HEADER, SecretSource.TOKEN_SCHEME + source.token()).GET().build();
        try (HttpClient client = HttpClient.newBuilder().sslContext(pinned(source.certificateSha256())).connectTimeout(TIMEOUT).build()) {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException("secrets at " + source.url() + " refused (HTTP " + response.statusCode()
                        + "): the token was used before, revoked, or is not this run's");
            }
            return Map.copyOf(JSON.readValue(response.body(), new TypeReference<Map<String, String>>() { }));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted fetching secrets from " + source.url(), e);
        }
    }

    private static SSLContext pinned(String sha256) throws IOException {
        try {
            return new PinnedCertificate(PinnedCertificate.SHA_256, sha256).context();
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot set up TLS: " + e.getMessage(), e);
        }
    }
}
