package org.tilemark.infra.platform;

/**
 * The platform's address does not answer at all (no connection, no TLS handshake): a setting that does not fit, as
 * for a run, but one {@code validate} on a machine that cannot reach the cluster reports as not checked.
 */
public class PlatformUnreachableException extends PlatformSettingException {

    public PlatformUnreachableException(String message) {
        super(message);
    }
}
