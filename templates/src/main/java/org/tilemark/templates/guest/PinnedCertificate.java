package org.tilemark.templates.guest;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.Locale;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Trusts exactly one server certificate, named by its fingerprint (the hex digest of its DER encoding; colons and case
 * ignored): a certificate no CA vouches for, whose fingerprint came over a channel already trusted (a guest's
 * config, vCenter's answer about a host). The fingerprint is the identity, so the host name is not checked: as an
 * extended trust manager it takes that check over from JSSE.
 */
public final class PinnedCertificate extends X509ExtendedTrustManager {

    public static final String SHA_256 = "SHA-256";
    /** vSphere's host thumbprints ({@code HttpNfcLeaseDeviceUrl.sslThumbprint}, {@code summary.config.sslThumbprint}). */
    public static final String SHA_1 = "SHA-1";

    private final String algorithm;
    private final String fingerprint;

    public PinnedCertificate(String algorithm, String fingerprint) {
        this.algorithm = algorithm;
        this.fingerprint = normalized(fingerprint);
    }

    /** The lower-case hex digest of {@code certificate}'s DER encoding with {@code algorithm}. */
    public static String fingerprint(String algorithm, X509Certificate certificate) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(certificate.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(algorithm + " of a certificate: " + e.getMessage(), e);
        }
    }

    /** A TLS context that trusts this certificate and no other. */
    public SSLContext context() throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {this}, null);
        return context;
    }

    private static String normalized(String fingerprint) {
        return fingerprint.replace(":", "").strip().toLowerCase(Locale.ROOT);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        if (chain == null || chain.length == 0 || !fingerprint(algorithm, chain[0]).equals(fingerprint)) {
            throw new CertificateException("the server's certificate is not the one expected (" + algorithm + " " + fingerprint + ")");
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        checkServerTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("no client is trusted");
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
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
