package org.tilemark.harness.verify;

import org.tilemark.harness.bundle.BundleLayout;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import org.tilemark.config.InputFiles;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Optional;
import org.tilemark.harness.report.Manifest;

/**
 * A detached signature of MANIFEST.sha256 with the JDK's own {@link Signature}: the key comes from a
 * PKCS#12 keystore (made with {@code keytool}), the signer's certificate is stored beside it in PEM so
 * anyone can check it, e.g. {@code openssl dgst -sha256 -verify <(openssl x509 -pubkey -noout -in
 * MANIFEST.sha256.cert.pem) -signature MANIFEST.sha256.sig MANIFEST.sha256} for RSA and EC keys.
 */
final class ManifestSignature {

    /** Who signed, as the certificate names them. */
    record Signer(String subject) {
    }

    private ManifestSignature() {
    }

    /** Signs the manifest with {@code alias}'s key; the password is used for the keystore and the key. */
    static Signer sign(Path bundle, Path keystore, String alias, char[] password) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        // a named file is read with a cap, as every file a user names (InputFiles)
        try (InputStream in = new ByteArrayInputStream(InputFiles.readBytes(keystore, InputFiles.CONFIG_MAX_BYTES))) {
            store.load(in, password);
        }
        if (!store.isKeyEntry(alias)) {
            throw new GeneralSecurityException("the keystore has no private key under alias '" + alias + "'");
        }
        PrivateKey key = (PrivateKey) store.getKey(alias, password);
        X509Certificate certificate = (X509Certificate) store.getCertificate(alias);
        Signature signature = Signature.getInstance(algorithm(key.getAlgorithm()));
        signature.initSign(key);
        signature.update(Files.readAllBytes(bundle.resolve(BundleLayout.MANIFEST)));
        Files.write(bundle.resolve(BundleLayout.MANIFEST_SIGNATURE), signature.sign());
        Files.writeString(bundle.resolve(BundleLayout.MANIFEST_CERTIFICATE), pem(certificate), StandardCharsets.US_ASCII);
        return new Signer(certificate.getSubjectX500Principal().getName());
    }

    /**
     * Checks the signature when there is one; empty when the bundle is unsigned and no trusted
     * certificate was required. A trusted certificate must be the signer's or have issued it.
     */
    static Optional<Signer> verify(Path bundle, Optional<X509Certificate> trusted) throws BundleMismatch, IOException {
        Path signatureFile = bundle.resolve(BundleLayout.MANIFEST_SIGNATURE);
        if (!Files.isRegularFile(signatureFile)) {
            if (trusted.isPresent()) {
                throw new BundleMismatch(BundleLayout.MANIFEST_SIGNATURE + ": missing, but a trusted certificate was given");
            }
            return Optional.empty();
        }
        Path certificateFile = bundle.resolve(BundleLayout.MANIFEST_CERTIFICATE);
        if (!Files.isRegularFile(certificateFile)) {
            throw new BundleMismatch(BundleLayout.MANIFEST_CERTIFICATE + ": missing beside " + BundleLayout.MANIFEST_SIGNATURE);
        }
        X509Certificate signer;
        try {
            signer = certificate(certificateFile);
        } catch (CertificateException e) {
            throw new BundleMismatch(BundleLayout.MANIFEST_CERTIFICATE + ": not an X.509 certificate (" + e.getMessage() + ")");
        }
        try {
            Signature signature = Signature.getInstance(algorithm(signer.getPublicKey().getAlgorithm()));
            signature.initVerify(signer.getPublicKey());
            signature.update(Files.readAllBytes(bundle.resolve(BundleLayout.MANIFEST)));
            if (!signature.verify(Files.readAllBytes(signatureFile))) {
                throw new BundleMismatch(BundleLayout.MANIFEST_SIGNATURE + ": does not match " + BundleLayout.MANIFEST
                        + " (changed or re-sealed after signing)");
            }
        } catch (GeneralSecurityException e) {
            throw new BundleMismatch(BundleLayout.MANIFEST_SIGNATURE + ": cannot be checked (" + e.getMessage() + ")");
        }
        if (trusted.isPresent() && !trustedBy(signer, trusted.get())) {
            throw new BundleMismatch(BundleLayout.MANIFEST_CERTIFICATE + ": signer " + signer.getSubjectX500Principal().getName()
                    + " is neither the trusted certificate nor issued by it");
        }
        return Optional.of(new Signer(signer.getSubjectX500Principal().getName()));
    }

    /** A certificate from a PEM or DER file (keytool -exportcert writes either). */
    static X509Certificate certificate(Path file) throws IOException, CertificateException {
        try (InputStream in = new ByteArrayInputStream(InputFiles.readBytes(file, InputFiles.CONFIG_MAX_BYTES))) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static boolean trustedBy(X509Certificate signer, X509Certificate trusted) {
        if (signer.equals(trusted)) {
            return true;
        }
        try {
            PublicKey issuer = trusted.getPublicKey();
            signer.verify(issuer);
            return signer.getIssuerX500Principal().equals(trusted.getSubjectX500Principal());
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static String algorithm(String keyAlgorithm) throws GeneralSecurityException {
        return switch (keyAlgorithm) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> throw new GeneralSecurityException("unsupported key algorithm " + keyAlgorithm
                    + " (use an RSA, EC or Ed25519 key)");
        };
    }

    private static String pem(X509Certificate certificate) throws CertificateException {
        return "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(certificate.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
    }
}
