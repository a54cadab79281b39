package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Optional;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import org.tilemark.config.Secrets;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettingException;
import org.tilemark.infra.platform.PlatformUnreachableException;

/**
 * Opens a session with vCenter from the settings: TLS checked against the configured trust store, the
 * password read from its file or environment variable only now, and every refusal reported against the
 * key that caused it (never with the password in it).
 */
final class Connection {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);

    private Connection() {
    }

    static Vim open(VsphereSettings settings) throws PlatformException {
        SoapClient soap = new SoapClient(URI.create(settings.url().strip()), ssl(settings), CALL_TIMEOUT);
        Vim vim = null;
        try {
            vim = Vim.login(soap, settings.credentials().username(), password(settings.credentials()), settings.maxTasksInFlight());
            return vim;
        } catch (VimFault fault) {
            if (fault.faultType().equals("InvalidLogin")) {
                throw new PlatformSettingException(VspherePlatformProvider.key("credentials") + ": vCenter refused the login of user '"
                        + settings.credentials().username() + "' (InvalidLogin; the password comes from "
                        + passwordSource(settings.credentials()) + ")");
            }
            throw new PlatformSettingException(VspherePlatformProvider.key("url") + ": vCenter at " + settings.url()
                    + " refused the session (" + fault.faultType() + ")");
        } catch (SSLHandshakeException e) {
            throw new PlatformSettingException(VspherePlatformProvider.key("trustStore") + ": the TLS certificate of " + settings.url()
                    + " is not trusted by " + (settings.trustStore().isBlank() ? "the JDK's trust store" : settings.trustStore()));
        } catch (IOException e) {
            throw new PlatformUnreachableException(VspherePlatformProvider.key("url") + ": cannot reach vCenter at " + settings.url()
                    + " (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        } finally {
            if (vim == null) {
                soap.close(); // refused: nothing of the connection stays open
            }
        }
    }

    private static String password(VsphereSettings.Credentials credentials) throws PlatformSettingException {
        Path file = credentials.passwordFile().isBlank() ? null : Path.of(credentials.passwordFile());
        Optional<String> password;
        try {
            password = Secrets.resolve(credentials.passwordEnv(), file, System.getenv());
        } catch (java.io.UncheckedIOException e) {
            throw new PlatformSettingException(VspherePlatformProvider.key("credentials.passwordFile") + ": cannot read " + file);
        }
        return password.orElseThrow(() -> new PlatformSettingException(VspherePlatformProvider.key(file == null
                ? "credentials.passwordEnv" : "credentials.passwordFile") + ": no password in " + passwordSource(credentials)));
    }

    private static String passwordSource(VsphereSettings.Credentials credentials) {
        return credentials.passwordFile().isBlank() ? "environment variable " + credentials.passwordEnv()
                : "file " + credentials.passwordFile();
    }

    private static SSLContext ssl(VsphereSettings settings) throws PlatformSettingException {
        String trustStore = settings.trustStore();
        try {
            if (settings.insecure()) {
                SSLContext context = SSLContext.getInstance("TLS");
                context.init(null, new TrustManager[] {new UncheckedTrust()}, null);
                return context;
            }
            if (trustStore.isBlank()) {
                return SSLContext.getDefault();
            }
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            try (InputStream in = Files.newInputStream(Path.of(trustStore))) {
                int index = 0;
                for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    store.setCertificateEntry("vcenter-" + index++, certificate);
                }
            }
            if (store.size() == 0) {
                throw new PlatformSettingException(VspherePlatformProvider.key("trustStore") + ": no PEM certificate in " + trustStore);
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new PlatformSettingException(VspherePlatformProvider.key("trustStore") + ": cannot read certificates from "
                    + trustStore + " (" + e.getMessage() + ")");
        }
    }

    /**
     * Accepts any certificate for any host name: {@code insecure: true} only. As an extended trust
     * manager it also takes over the host name check, which JSSE would otherwise make.
     */
    private static final class UncheckedTrust extends X509ExtendedTrustManager {
        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            throw new CertificateException("no client is trusted");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            throw new CertificateException("no client is trusted");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("no client is trusted");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
