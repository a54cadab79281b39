package org.tilemark.infra.platform.libvirt;

import java.nio.file.Path;
import java.util.Optional;
import org.libvirt.ConnectAuth;
import org.tilemark.config.Secrets;

/**
 * Answers libvirt's authentication questions (SASL over qemu+tcp, for instance) from the configured
 * user name and a password read from the environment or a file when asked, never kept in settings.
 */
final class Credentials extends ConnectAuth {

    private final LibvirtSettings.Credentials settings;

    Credentials(LibvirtSettings.Credentials settings) {
        this.settings = settings;
        credType = new CredentialType[] {CredentialType.VIR_CRED_AUTHNAME, CredentialType.VIR_CRED_USERNAME,
                CredentialType.VIR_CRED_PASSPHRASE, CredentialType.VIR_CRED_NOECHOPROMPT};
    }

    @Override
    public int callback(Credential[] asked) {
        for (Credential credential : asked) {
            switch (credential.type) {
                case VIR_CRED_AUTHNAME, VIR_CRED_USERNAME -> credential.result = settings.username();
                case VIR_CRED_PASSPHRASE, VIR_CRED_NOECHOPROMPT -> {
                    Optional<String> password = password();
                    if (password.isEmpty()) {
                        return -1; // libvirt then reports that authentication failed
                    }
                    credential.result = password.get();
                }
                default -> {
                    return -1;
                }
            }
        }
        return 0;
    }

    private Optional<String> password() {
        Path file = settings.passwordFile().isBlank() ? null : Path.of(settings.passwordFile());
        // Read from the process environment only when libvirt asks, so the password is never held longer.
        return Secrets.resolve(settings.passwordEnv(), file, System.getenv());
    }
}
