package org.tilemark.infra.platform;

/**
 * A setting of the platform's section does not fit the cluster found (a datastore directory missing, a
 * host that does not answer): bad input rather than a failure of the platform. The message starts with
 * the setting's full key, e.g. {@code cluster.local.datastores.app: /mnt/x does not exist}.
 */
public class PlatformSettingException extends PlatformException {

    public PlatformSettingException(String message) {
        super(message);
    }
}
