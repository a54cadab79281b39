package org.tilemark.workloads.mail;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.store.MailFolder;
import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.user.UserException;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Flags;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;

/**
 * The {@code mail} VM: GreenMail serving SMTP and IMAP for the tile's users, with its mailboxes kept
 * on the VM disk ({@code mailstore/}, see {@link MailStoreFiles}) because GreenMail itself only
 * holds them in memory.
 *
 * <p>Settings: {@code mail.users} (default 20), {@code mail.seed} (42), {@code mail.messagesPerMailbox}
 * (40), {@code mail.sizes} (canonical {@code BYTES:WEIGHT,...}); it listens on the guest config's bind address. Every
 * user's password is the secret {@value #PASSWORD_ENV}.
 */
public final class MailRole implements GuestRole {

    public static final String NAME = "mail";
    public static final String PASSWORD_ENV = "TILEMARK_MAIL_PASSWORD";
    /** The guest's fallback when no sizes were sent: the MMB profile of the built-in defaults. */
    static final String DEFAULT_SIZES = "1024:60,2048:16,4096:4,10240:6,15360:4,16384:4,44032:2,102400:4";
    /** The folders every seeded mailbox has besides INBOX; the driver moves messages into them. */
    static final List<String> FOLDERS = List.of("Archive", "Projects", "Receipts");
    static final Duration SAVE_INTERVAL = Duration.ofSeconds(30);
    /** Seeded messages are dated in the 30 days before this fixed instant, so a seed gives the same disk. */
    private static final Instant SEED_EPOCH = Instant.parse("2025-01-06T09:00:00Z");

    private static final Logger LOG = LoggerFactory.getLogger(MailRole.class);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void buildTemplate(GuestContext context) throws Exception {
        long startNanos = System.nanoTime();
        int users = intInfo(context, "mail.users", 20);
        int perMailbox = intInfo(context, "mail.messagesPerMailbox", 40);
        long seed = Long.parseLong(context.get("mail.seed", "42").strip());
        WeightedChoice<Integer> sizes = new WeightedChoice<>(MailSizes.parseCanonical(context.get("mail.sizes", DEFAULT_SIZES)));
        Managers managers = new Managers();
        List<GreenMailUser> accounts = createUsers(managers, users, password(context));
        MessageFactory factory = new MessageFactory(Session.getInstance(new Properties()));
        SplittableRandom seeds = new SplittableRandom(seed);
        long bytes = 0;
        for (int u = 0; u < users; u++) {
            GreenMailUser user = accounts.get(u);
            SplittableRandom random = seeds.split();
            List<MailFolder> folders = new ArrayList<>();
            folders.add(managers.getImapHostManager().getInbox(user));
            for (String name : FOLDERS) {
                folders.add(managers.getImapHostManager().createMailbox(user, name));
            }
            for (int m = 0; m < perMailbox; m++) {
                int size = sizes.pick(random);
                Instant sent = SEED_EPOCH.minusSeconds(random.nextLong(Duration.ofDays(30).toSeconds()));
                String from = random.nextInt(5) == 0
                        ? MessageFactory.pick(MessageFactory.OUTSIDE_SENDERS, random)
                        : MailUsers.address(1 + random.nextInt(users));
                MimeMessage message = factory.create(from, List.of(user.getEmail()), factory.subject(random), size, random, sent);
                message.setHeader("Message-ID", "<seed-" + seed + "-" + user.getLogin() + "-" + m + "@" + MailUsers.DOMAIN + ">");
                // Half of the mail stays in INBOX, the rest is filed; most of it has been read.
                MailFolder folder = random.nextBoolean() ? folders.getFirst() : folders.get(1 + random.nextInt(FOLDERS.size()));
                Flags flags = random.nextInt(10) < 7 ? new Flags(Flags.Flag.SEEN) : new Flags();
                folder.appendMessage(message, flags, Date.from(sent));
                bytes += size;
            }
        }
        GreenMailStore.SaveStats saved = new GreenMailStore(store(context)).save(managers, accounts);
        LOG.info("Built mail template: {} users x {} messages ({} MB of content, {} files) in {} ms", users, perMailbox,
                bytes >> 20, saved.newFiles(), (System.nanoTime() - startNanos) / 1_000_000);
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        int users = intInfo(context, "mail.users", 20);
        String bind = context.bindAddress();
        GreenMail greenMail = new GreenMail(new ServerSetup[]{
                new ServerSetup(0, bind, ServerSetup.PROTOCOL_SMTP), new ServerSetup(0, bind, ServerSetup.PROTOCOL_IMAP)});
        List<GreenMailUser> accounts = createUsers(greenMail.getManagers(), users, password(context));
        GreenMailStore store = new GreenMailStore(store(context));
        int restored = store.restore(greenMail.getManagers());
        if (!store(context).exists()) {
            LOG.warn("mail: no mail store on {}; serving empty mailboxes", context.disk());
        }
        greenMail.start();
        RunningMailServer running = new RunningMailServer(greenMail, store, accounts, SAVE_INTERVAL);
        LOG.info("mail: {} users, {} messages restored; SMTP on {}:{}, IMAP on {}:{}", users, restored, bind,
                running.ports().get("smtp"), bind, running.ports().get("imap"));
        return running;
    }

    static MailStoreFiles store(GuestContext context) {
        return new MailStoreFiles(context.disk().resolve("mailstore"));
    }

    private static List<GreenMailUser> createUsers(Managers managers, int users, String password) throws UserException {
        List<GreenMailUser> accounts = new ArrayList<>();
        for (int i = 1; i <= users; i++) {
            accounts.add(managers.getUserManager().createUser(MailUsers.address(i), MailUsers.login(i), password));
        }
        return accounts;
    }

    static String password(GuestContext context) {
        return context.secret(PASSWORD_ENV).orElseThrow(() -> new IllegalStateException(
                "secret " + PASSWORD_ENV + " (the mail users' password) is missing from the guest config"));
    }

    private static int intInfo(GuestContext context, String key, int fallback) {
        String text = context.get(key, Integer.toString(fallback)).strip();
        try {
            int value = Integer.parseInt(text);
            if (value < 0) {
                throw new IllegalArgumentException("guestinfo " + key + " must be >= 0, not " + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("guestinfo " + key + " '" + text + "' is not an integer", e);
        }
    }

    /** The ports GreenMail bound (dynamic unless configured). */
    static Map<String, Integer> ports(GreenMail greenMail) {
        return Map.of("smtp", greenMail.getSmtp().getPort(), "imap", greenMail.getImap().getPort());
    }
}
