package org.tilemark.infra.platform;

/** A platform operation failed; the message names the VM or object and the cause. */
public class PlatformException extends Exception {

    public PlatformException(String message) {
        super(message);
    }

    public PlatformException(String message, Throwable cause) {
        super(message, cause);
    }
}
