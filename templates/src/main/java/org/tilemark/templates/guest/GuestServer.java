package org.tilemark.templates.guest;

/**
 * The server software a guest serves with, where its role has a choice: the mail role's Postfix and Dovecot, or
 * GreenMail as a {@code standIn} where they cannot run. A result from a stand-in is not publishable.
 */
public record GuestServer(String name, boolean standIn) {

    public GuestServer {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("guest server: 'name' is missing");
        }
    }
}
