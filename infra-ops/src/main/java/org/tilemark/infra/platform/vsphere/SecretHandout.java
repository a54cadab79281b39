package org.tilemark.infra.platform.vsphere;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.tilemark.templates.guest.PinnedCertificate;
import org.tilemark.templates.guest.SecretSource;

/**
 * Hands each guest its secrets once, so none stays readable in vCenter: an HTTPS endpoint on {@code cluster.bindAddress}
 * (a port of its own), with a key pair and self-signed certificate made for this connection (keytool, the JDK's; the
 * private key stays in memory), whose SHA-256 the guest config carries beside a one-time token. A token works for one
 * fetch; issuing another for the same VM, the VM being ready, destroyed, or the platform closing revokes it.
 */
final class SecretHandout implements AutoCloseable {

    static final String PATH = "/secrets";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SecureRandom RANDOM = new SecureRandom();

    private final HttpsServer server;
    private final String host;
    private final String fingerprint;
    /** Token to the VM it was issued for and that VM's secrets as JSON; removed when used or revoked. */
    private final Map<String, Grant> grants = new ConcurrentHashMap<>();

    private record Grant(String vm, String secrets) {
    }

    private SecretHandout(HttpsServer server, String host, String fingerprint) {
        this.server = server;
        this.host = host;
        this.fingerprint = fingerprint;
    }

    /** Listens on {@code bindAddress} (an ephemeral port) with a certificate made now. */
    static SecretHandout start(String bindAddress) throws IOException {
        InetAddress address = InetAddress.getByName(bindAddress.strip());
        if (address.isAnyLocalAddress()) {
            throw new IOException("cluster.bindAddress " + bindAddress + " is no address a guest can fetch its secrets from: "
                    + "name the harness's address on the VMs' network");
        }
        char[] password = token().toCharArray();
        KeyStore keys = selfSigned(address, password);
        try {
            KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            managers.init(keys, password);
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(managers.getKeyManagers(), null, null);
            HttpsServer server = HttpsServer.create(new InetSocketAddress(address, 0), 16);
            server.setHttpsConfigurator(new HttpsConfigurator(tls));
            SecretHandout handout = new SecretHandout(server, address.getHostAddress(),
                    PinnedCertificate.fingerprint(PinnedCertificate.SHA_256, (X509Certificate) keys.getCertificate("harness")));
            server.createContext(PATH, handout::answer);
            server.setExecutor(null);
            server.start();
            return handout;
        } catch (GeneralSecurityException e) {
            throw new IOException("TLS for the secrets endpoint: " + e.getMessage(), e);
        }
    }

    /** A new token for {@code vm}'s secrets (the VM's earlier one revoked): what its guest config carries instead of them. */
    SecretSource issue(String vm, Map<String, String> secrets) {
        revoke(vm);
        String token = token();
        try {
            grants.put(token, new Grant(vm, JSON.writeValueAsString(secrets)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("secrets as JSON: " + e.getOriginalMessage(), e);
        }
        String authority = host.contains(":") ? "[" + host + "]" : host;
        return new SecretSource("https://" + authority + ":" + server.getAddress().getPort() + PATH, token, fingerprint);
    }

    /** Whatever token {@code vm} still holds no longer works. */
    void revoke(String vm) {
        grants.values().removeIf(grant -> grant.vm().equals(vm));
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String header = exchange.getRequestHeaders().getFirst(SecretSource.TOKEN_HEADER);
            Grant grant = !exchange.getRequestMethod().equals("GET") || header == null || !header.startsWith(SecretSource.TOKEN_SCHEME)
                    ? null : grants.remove(header.substring(SecretSource.TOKEN_SCHEME.length()));
            if (grant == null) {
                exchange.sendResponseHeaders(403, -1);
                return;
            }
            byte[] body = grant.secrets().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        }
    }

    private static String token() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** A fresh EC key pair and a self-signed certificate for {@code address}, made by the JDK's keytool in a directory only the harness's user reads (alias {@code harness}). */
    static KeyStore selfSigned(InetAddress address, char[] password) throws IOException {
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow(() -> new IOException("cannot tell which java runs the harness")));
        Path keytool = java.resolveSibling("keytool");
        Path dir = Files.createTempDirectory("tilemark-secrets-");
        Path store = dir.resolve("harness.p12");
        try {
            List<String> command = new ArrayList<>(List.of(keytool.toString(), "-genkeypair", "-alias", "harness", "-keyalg", "EC",
                    "-groupname", "secp256r1", "-dname", "CN=tilemark-harness", "-ext", "SAN=ip:" + address.getHostAddress(),
                    "-validity", "30", "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass:env", "TILEMARK_KEYSTORE_PASSWORD"));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().put("TILEMARK_KEYSTORE_PASSWORD", new String(password));
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IOException("keytool could not make the secrets endpoint's certificate: " + output.strip());
            }
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                keys.load(in, password);
            }
            return keys;
        } catch (GeneralSecurityException e) {
            throw new IOException("reading the secrets endpoint's key: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted making the secrets endpoint's certificate", e);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** Every token revoked, the endpoint closed. */
    @Override
    public void close() {
        grants.clear();
        server.stop(0);
    }
}
