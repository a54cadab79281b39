package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.util.List;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.image.NoCloudSeed;

/**
 * The guest config as vCenter keeps it ({@code guestinfo.tilemark.config}, readable by anyone who may read the VM):
 * never with a secret in it. A VM whose role needs secrets is told, at each power-on, where to fetch them once
 * ({@link SecretHandout}, started at the first such power-on on {@code cluster.bindAddress}); the token is revoked when
 * the VM is ready, powered off or destroyed, and every token when the platform closes.
 */
final class GuestSecrets implements AutoCloseable {

    private final String bindAddress;
    private SecretHandout handout;

    GuestSecrets(String bindAddress) {
        this.bindAddress = bindAddress;
    }

    /** The extraConfig option a clone is made with: the config without its secrets (the power-on adds where they are). */
    static Element atDeploy(GuestConfig config) {
        return Element.option("extraConfig", NoCloudSeed.GUESTINFO_KEY, GuestDocumentFile.CONFIG.toJson(config.withSecretsAt(null)));
    }

    /** The extraConfig option that tells {@code vm}'s next boot where its secrets are (a fresh token); none without secrets. */
    List<Element> atPowerOn(String vm, GuestConfig config) throws IOException {
        if (config == null || config.secrets().isEmpty()) {
            return List.of();
        }
        return List.of(Element.option("extraConfig", NoCloudSeed.GUESTINFO_KEY,
                GuestDocumentFile.CONFIG.toJson(config.withSecretsAt(handout().issue(vm, config.secrets())))));
    }

    private synchronized SecretHandout handout() throws IOException {
        if (handout == null) {
            handout = SecretHandout.start(bindAddress);
        }
        return handout;
    }

    /** {@code vm}'s token, if it still has one, no longer works. */
    synchronized void revoke(String vm) {
        if (handout != null) {
            handout.revoke(vm);
        }
    }

    @Override
    public synchronized void close() {
        if (handout != null) {
            handout.close();
        }
    }
}
