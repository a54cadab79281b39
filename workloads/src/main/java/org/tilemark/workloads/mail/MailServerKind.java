package org.tilemark.workloads.mail;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.templates.guest.GuestServer;
import org.tilemark.workloads.guest.GuestContext;

/**
 * Which server a mail VM runs. The guest setting {@value #SETTING} says {@code auto} (the default: Postfix and
 * Dovecot where they can run, else the GreenMail stand-in, said on the console), or names one; a named server
 * that cannot run here fails the guest with the reason.
 */
enum MailServerKind {
    POSTFIX_DOVECOT("postfix-dovecot", "Postfix and Dovecot"),
    GREENMAIL("greenmail", "GreenMail (stand-in)");

    static final String SETTING = "mail.server";
    static final String AUTO = "auto";
    private static final Logger LOG = LoggerFactory.getLogger(MailServerKind.class);

    private final String key;
    private final String label;

    MailServerKind(String key, String label) {
        this.key = key;
        this.label = label;
    }

    String key() {
        return key;
    }

    String label() {
        return label;
    }

    /** As the readiness report names it. */
    GuestServer server() {
        return new GuestServer(label, this == GREENMAIL);
    }

    /** Whether the guest config left the choice to the guest ({@value #AUTO}). */
    static boolean chosenAutomatically(GuestContext context) {
        return context.get(SETTING, AUTO).strip().equals(AUTO);
    }

    static MailServerKind choose(GuestContext context) {
        String wanted = context.get(SETTING, AUTO).strip();
        if (wanted.equals(AUTO)) {
            return PostfixDovecot.unavailable().map(reason -> {
                LOG.warn("mail: Postfix and Dovecot cannot run here ({}); serving with the GreenMail stand-in", reason);
                return GREENMAIL;
            }).orElse(POSTFIX_DOVECOT);
        }
        MailServerKind kind = Arrays.stream(values()).filter(k -> k.key.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("guest config setting " + SETTING + " '" + wanted + "' is not one of "
                        + AUTO + ", " + Arrays.stream(values()).map(k -> k.key).collect(Collectors.joining(", "))));
        if (kind == POSTFIX_DOVECOT) {
            PostfixDovecot.unavailable().ifPresent(reason -> {
                throw new IllegalStateException("mail server " + kind.key + " cannot run here: " + reason);
            });
        }
        return kind;
    }
}
