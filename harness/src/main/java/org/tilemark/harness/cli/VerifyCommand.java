package org.tilemark.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.config.InputFiles;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.verify.BundleVerifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Component
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Check a results bundle: MANIFEST.sha256, the signature if any, and every score recomputed from "
                + "intervals.jsonl, histograms/*.hlog and infra-ops.jsonl against score.json. A search's directory: "
                + "in one run, each step recomputed from its phases; a series (--series), each step's run verified "
                + "and matched against search.json.",
                "Exit 0 verified, 1 something was changed (the first mismatch is named), 2 not a bundle or bad options."})
class VerifyCommand implements Callable<Integer> {

    /** Where the keystore password comes from when no file is given; never from the command line. */
    static final String PASSWORD_ENV = "TILEMARK_KEYSTORE_PASSWORD";

    @Parameters(paramLabel = "BUNDLE", description = "a results directory, e.g. results/20261122-023000-ab12")
    Path bundle;

    @Option(names = "--trust", paramLabel = "CERT", description = "require a signature by this certificate (PEM or DER) or one it issued")
    Path trusted;

    @Option(names = "--sign", description = "after verifying, sign MANIFEST.sha256 (writes MANIFEST.sha256.sig and MANIFEST.sha256.cert.pem)")
    boolean sign;

    @Option(names = "--keystore", paramLabel = "FILE", description = "PKCS#12 keystore with the signing key (keytool -genkeypair -storetype PKCS12)")
    Path keystore;

    @Option(names = "--alias", paramLabel = "NAME", description = "the signing key's alias in the keystore")
    String alias;

    @Option(names = "--keystore-password-file", paramLabel = "FILE",
            description = "file whose first line is the keystore password (default: environment variable " + PASSWORD_ENV + ")")
    Path passwordFile;

    @Override
    public Integer call() {
        BundleVerifier.Outcome outcome;
        if (sign) {
            Optional<char[]> password = password();
            if (password.isEmpty()) {
                return RunOutcome.BAD_INPUT;
            }
            try {
                outcome = BundleVerifier.sign(bundle, keystore, alias, password.get());
            } finally {
                Arrays.fill(password.get(), '\0');
            }
        } else {
            Optional<X509Certificate> trust;
            try {
                trust = trusted == null ? Optional.empty() : Optional.of(BundleVerifier.certificate(trusted));
            } catch (IOException | CertificateException e) {
                System.err.println("error: --trust: " + trusted + " is not a readable X.509 certificate (" + e.getMessage() + ")");
                return RunOutcome.BAD_INPUT;
            }
            outcome = BundleVerifier.verify(bundle, trust);
        }
        (outcome.exitCode() == BundleVerifier.VERIFIED ? System.out : System.err).println(outcome.line());
        return outcome.exitCode();
    }

    /** The keystore password, or empty after a one-line error naming what is missing. */
    private Optional<char[]> password() {
        if (keystore == null || alias == null) {
            System.err.println("error: " + (keystore == null ? "--keystore" : "--alias") + ": required with --sign");
            return Optional.empty();
        }
        if (!Files.isRegularFile(keystore)) {
            System.err.println("error: --keystore: " + keystore + " is not a file");
            return Optional.empty();
        }
        if (passwordFile != null) {
            try {
                // capped like every file a user names; the message names the file, never its content
                String first = InputFiles.readText(passwordFile, InputFiles.CONFIG_MAX_BYTES).lines().findFirst().orElse("");
                if (first.isEmpty()) {
                    System.err.println("error: --keystore-password-file: " + passwordFile + ": its first line is empty");
                    return Optional.empty();
                }
                return Optional.of(first.toCharArray());
            } catch (InputFiles.InputFileException e) {
                System.err.println("error: --keystore-password-file: " + e.getMessage());
                return Optional.empty();
            }
        }
        String fromEnvironment = System.getenv(PASSWORD_ENV);
        if (fromEnvironment == null || fromEnvironment.isEmpty()) {
            System.err.println("error: keystore password: set " + PASSWORD_ENV + " or give --keystore-password-file");
            return Optional.empty();
        }
        return Optional.of(fromEnvironment.toCharArray());
    }
}
