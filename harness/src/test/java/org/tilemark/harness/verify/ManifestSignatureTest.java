package org.tilemark.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.report.Manifest;

class ManifestSignatureTest {

    private static final char[] PASSWORD = "test-only-pass".toCharArray();

    @TempDir
    Path temp;

    /** A PKCS#12 keystore with one self-signed key pair, made by the JDK's keytool. */
    static Path keystore(Path dir, String alias, String keyalg) throws Exception {
        Path store = dir.resolve(alias + ".p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        ProcessBuilder p = new ProcessBuilder(List.of(keytool.toString(), "-genkeypair", "-storetype", "PKCS12",
                "-keystore", store.toString(), "-storepass:env", "KS_PASS", "-alias", alias, "-keyalg", keyalg,
                "-dname", "CN=" + alias + ", O=Tilemark test", "-validity", "2"))
                .redirectErrorStream(true).redirectOutput(dir.resolve(alias + ".log").toFile());
        p.environment().put("KS_PASS", new String(PASSWORD));
        assertThat(p.start().waitFor()).isZero();
        return store;
    }

    static Path certificate(Path dir, Path store, String alias) throws Exception {
        Path cert = dir.resolve(alias + ".crt");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        ProcessBuilder export = new ProcessBuilder(List.of(keytool.toString(), "-exportcert", "-rfc", "-keystore",
                store.toString(), "-storepass:env", "KS_PASS", "-alias", alias, "-file", cert.toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve(alias + "-export.log").toFile());
        export.environment().put("KS_PASS", new String(PASSWORD));
        assertThat(export.start().waitFor()).isZero();
        return cert;
    }

    private Path sealedBundle() throws Exception {
        Path bundle = Files.createDirectories(temp.resolve("bundle"));
        Files.writeString(bundle.resolve("score.json"), "{}");
        Manifest.write(bundle);
        return bundle;
    }

    @Test
    void aSignatureMadeWithTheKeystoreVerifiesAndIsLeftOutOfTheManifest() throws Exception {
        Path bundle = sealedBundle();
        Path store = keystore(temp, "submitter", "EC");

        ManifestSignature.Signer signer = ManifestSignature.sign(bundle, store, "submitter", PASSWORD);

        assertThat(signer.subject()).contains("CN=submitter");
        assertThat(ManifestSignature.verify(bundle, Optional.empty())).contains(signer);
        assertThat(ManifestSignature.verify(bundle, Optional.of(
                ManifestSignature.certificate(certificate(temp, store, "submitter"))))).contains(signer);
        assertThat(Manifest.verify(bundle)).isEmpty();
    }

    @Test
    void aManifestChangedAfterSigningOrAnUntrustedSignerFails() throws Exception {
        Path bundle = sealedBundle();
        Path store = keystore(temp, "submitter", "RSA");
        Path other = keystore(temp, "stranger", "RSA");
        ManifestSignature.sign(bundle, store, "submitter", PASSWORD);

        var stranger = Optional.of(ManifestSignature.certificate(certificate(temp, other, "stranger")));
        assertThatThrownBy(() -> ManifestSignature.verify(bundle, stranger)).isInstanceOf(BundleMismatch.class)
                .hasMessageContaining("is neither the trusted certificate nor issued by it");

        Files.writeString(bundle.resolve("score.json"), "{\"score\":9}");
        Manifest.write(bundle); // the tamperer re-seals
        assertThatThrownBy(() -> ManifestSignature.verify(bundle, Optional.empty())).isInstanceOf(BundleMismatch.class)
                .hasMessage("MANIFEST.sha256.sig: does not match MANIFEST.sha256 (changed or re-sealed after signing)");
    }

    @Test
    void anUnsignedBundleIsFineUnlessATrustedSignerIsRequired() throws Exception {
        Path bundle = sealedBundle();
        Path store = keystore(temp, "submitter", "EC");
        var trusted = Optional.of(ManifestSignature.certificate(certificate(temp, store, "submitter")));

        assertThat(ManifestSignature.verify(bundle, Optional.empty())).isEmpty();
        assertThatThrownBy(() -> ManifestSignature.verify(bundle, trusted)).isInstanceOf(BundleMismatch.class)
                .hasMessage("MANIFEST.sha256.sig: missing, but a trusted certificate was given");
    }
}
