package org.tilemark.workloads.mail;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;

/**
 * The {@code mail} VM: Postfix (SMTP) and Dovecot (IMAP, LMTP delivery into Maildir on the VM's disk), each the VM's own
 * instance ({@link PostfixDovecot}), or the GreenMail stand-in where they cannot run ({@link GreenMailStandIn});
 * {@link MailServerKind} chooses. The template holds the seeded mailboxes ({@link SeedMail}) in the chosen server's
 * format; a disk that lacks them in that format (a template built where the other server ran) is seeded at start.
 *
 * <p>Settings: {@code mail.users} (default 20), {@code mail.seed} (42), {@code mail.messagesPerMailbox}
 * (40), {@code mail.mailboxBytes} (0), {@code mail.sizes} (canonical {@code BYTES:WEIGHT,...}), {@code mail.server}
 * ({@code auto}); it listens on the guest config's bind address. Every user's password is the secret {@value #PASSWORD_ENV}.
 */
public final class MailRole implements GuestRole {

    public static final String NAME = "mail";
    public static final String PASSWORD_ENV = "TILEMARK_MAIL_PASSWORD";
    static final String DEFAULT_SIZES = SeedMail.DEFAULT_SIZES;
    static final List<String> FOLDERS = SeedMail.FOLDERS;

    private static final Logger LOG = LoggerFactory.getLogger(MailRole.class);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void buildTemplate(GuestContext context) throws Exception {
        seed(context, MailServerKind.choose(context));
    }

    private static void seed(GuestContext context, MailServerKind kind) throws Exception {
        long startNanos = System.nanoTime();
        SeedMail seed = new SeedMail(context);
        SeedMail.Written written = kind == MailServerKind.POSTFIX_DOVECOT ? seedMaildirs(context, seed)
                : GreenMailStandIn.seed(context, seed, password(context));
        LOG.info("Built mail template for {}: {} users' mailboxes of at least {} messages and {} bytes ({} messages, {} MB) in {} ms",
                kind.label(), seed.users(), seed.perMailbox(), seed.mailboxBytes(), written.messages(), written.bytes() >> 20,
                (System.nanoTime() - startNanos) / 1_000_000);
    }

    /**
     * Owned by Dovecot's mail user already in the template: a copy that keeps its owners (the local platform's does) then
     * spares every start a chown of each of its files. Where that is not allowed, the start does it.
     */
    private static SeedMail.Written seedMaildirs(GuestContext context, SeedMail seed) throws Exception {
        Maildirs maildirs = new Maildirs(Maildirs.root(context.disk()));
        SeedMail.Written written = seed.writeTo(maildirs);
        try {
            maildirs.ownToMailUser();
        } catch (IOException e) {
            LOG.info("mail: the template's mailboxes stay its builder's ({}); each start gives them to {}", e.getMessage(),
                    Maildirs.MAIL_USER);
        }
        return written;
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        MailServerKind kind = MailServerKind.choose(context);
        int users = intInfo(context, "mail.users", 20);
        boolean seeded = kind == MailServerKind.POSTFIX_DOVECOT ? new Maildirs(Maildirs.root(context.disk())).exists()
                : GreenMailStandIn.store(context).exists();
        if (!seeded) {
            LOG.warn("mail: no {} mailboxes on {}; seeding them now", kind.label(), context.disk());
            Files.createDirectories(context.disk());
            seed(context, kind);
        }
        if (kind == MailServerKind.GREENMAIL) {
            return GreenMailStandIn.start(context, users, password(context));
        }
        try {
            return PostfixDovecot.start(context, users, password(context));
        } catch (Exception e) {
            if (!MailServerKind.chosenAutomatically(context)) {
                throw e;
            }
            // Chosen, not asked for: serve with the stand-in (said in the readiness report, so the run is not publishable).
            LOG.warn("mail: Postfix and Dovecot did not start ({}); serving with the GreenMail stand-in", e.getMessage());
            if (!GreenMailStandIn.store(context).exists()) {
                seed(context, MailServerKind.GREENMAIL);
            }
            return GreenMailStandIn.start(context, users, password(context));
        }
    }

    static String password(GuestContext context) {
        return context.secret(PASSWORD_ENV).orElseThrow(() -> new IllegalStateException(
                "secret " + PASSWORD_ENV + " (the mail users' password) is missing from the guest config"));
    }

    static int intInfo(GuestContext context, String key, int fallback) {
        long value = longInfo(context, key, fallback);
        if (value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("guestinfo " + key + " must be at most " + Integer.MAX_VALUE + ", not " + value);
        }
        return (int) value;
    }

    static long longInfo(GuestContext context, String key, long fallback) {
        long value = context.integer(key, fallback);
        if (value < 0) {
            throw new IllegalArgumentException("guestinfo " + key + " must be >= 0, not " + value);
        }
        return value;
    }
}
