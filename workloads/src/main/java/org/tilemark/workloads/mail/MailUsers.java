package org.tilemark.workloads.mail;

/**
 * The mailbox accounts of one tile: {@code user0001..userNNNN} at {@value #DOMAIN}. An external
 * server must already have these accounts, all with the configured password.
 */
final class MailUsers {

    static final String DOMAIN = "tilemark.test";

    private MailUsers() {
    }

    /** The login of user {@code number} (1-based). */
    static String login(int number) {
        if (number < 1 || number > 9999) {
            throw new IllegalArgumentException("mail user number " + number + " is outside 1..9999");
        }
        return String.format("user%04d", number);
    }

    static String address(int number) {
        return login(number) + "@" + DOMAIN;
    }
}
