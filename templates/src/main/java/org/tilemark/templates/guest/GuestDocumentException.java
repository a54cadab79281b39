package org.tilemark.templates.guest;

import java.io.IOException;

/** A guest-config document or readiness report that cannot be read: its message says what is wrong with it. */
public final class GuestDocumentException extends IOException {

    public GuestDocumentException(String message) {
        super(message);
    }

    public GuestDocumentException(String message, Throwable cause) {
        super(message, cause);
    }
}
