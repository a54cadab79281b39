package org.tilemark.workloads.mail;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import org.tilemark.workloads.guest.GuestContext;

/**
 * The mailboxes a mail VM's template starts with, from its settings ({@code mail.users}, {@code mail.seed},
 * {@code mail.messagesPerMailbox}, {@code mail.mailboxBytes}, {@code mail.sizes}): each mailbox gets messages drawn
 * from the size distribution until it holds at least {@code messagesPerMailbox} of them and at least
 * {@code mailboxBytes} of RFC 822 bytes (so it overshoots by less than one message). The same seed gives the same
 * messages, whichever server's format ({@link Maildirs} or GreenMail's store) they are written in.
 */
final class SeedMail {

    /** Where the seeded mailboxes go: folders first, then messages. */
    interface Sink {
        void folder(String login, String folder) throws Exception;

        /** Stores {@code message}; returns its RFC 822 size in bytes, as stored. */
        long message(String login, String folder, MimeMessage message, boolean seen, Instant received) throws Exception;
    }

    /** What {@link #writeTo} wrote: messages, and their RFC 822 bytes, over every mailbox. */
    record Written(long messages, long bytes) {
    }

    /** The folders every seeded mailbox has besides INBOX; the driver moves messages into them. */
    static final List<String> FOLDERS = List.of("Archive", "Projects", "Receipts");
    static final String INBOX = "INBOX";
    /** The guest's fallback when no sizes were sent: the MMB profile of the built-in defaults. */
    static final String DEFAULT_SIZES = "1024:60,2048:16,4096:4,10240:6,15360:4,16384:4,44032:2,102400:4";
    /** Seeded messages are dated in the 30 days before this fixed instant, so a seed gives the same disk. */
    private static final Instant SEED_EPOCH = Instant.parse("2025-01-06T09:00:00Z");
    /**
     * Messages beyond the first {@code messagesPerMailbox} (the ones {@code mailboxBytes} asks for) are the mailbox's
     * history: dated a month earlier and all read, so a large mailbox holds as much unread mail as a small one, and a
     * read action finds as much new mail.
     */
    private static final Duration HISTORY_AGE = Duration.ofDays(30);

    private final int users;
    private final int perMailbox;
    private final long mailboxBytes;
    private final long seed;
    private final WeightedChoice<Integer> sizes;

    SeedMail(GuestContext context) {
        this(MailRole.intInfo(context, "mail.users", 20), MailRole.intInfo(context, "mail.messagesPerMailbox", 40),
                MailRole.longInfo(context, "mail.mailboxBytes", 0), Long.parseLong(context.get("mail.seed", "42").strip()),
                new WeightedChoice<>(MailSizes.parseCanonical(context.get("mail.sizes", DEFAULT_SIZES))));
    }

    private SeedMail(int users, int perMailbox, long mailboxBytes, long seed, WeightedChoice<Integer> sizes) {
        this.users = users;
        this.perMailbox = perMailbox;
        this.mailboxBytes = mailboxBytes;
        this.seed = seed;
        this.sizes = sizes;
    }

    int users() {
        return users;
    }

    int perMailbox() {
        return perMailbox;
    }

    long mailboxBytes() {
        return mailboxBytes;
    }

    /** These mailboxes with their recent messages alone ({@code messagesPerMailbox}), no size to reach. */
    SeedMail recentOnly() {
        return new SeedMail(users, perMailbox, 0, seed, sizes);
    }

    /** Writes every mailbox into {@code sink}. */
    Written writeTo(Sink sink) throws Exception {
        // A Message-ID names a host: from mail.from, or else Jakarta Mail asks the resolver for this machine's name
        // once per message, which on a guest without a reachable name server waited 5 s a message.
        Properties properties = new Properties();
        properties.setProperty("mail.from", "postmaster@" + MailUsers.DOMAIN);
        MessageFactory factory = new MessageFactory(Session.getInstance(properties));
        SplittableRandom seeds = new SplittableRandom(seed);
        long messages = 0;
        long bytes = 0;
        for (int u = 1; u <= users; u++) {
            String login = MailUsers.login(u);
            SplittableRandom random = seeds.split();
            sink.folder(login, INBOX);
            for (String folder : FOLDERS) {
                sink.folder(login, folder);
            }
            long inMailbox = 0;
            for (int m = 0; m < perMailbox || inMailbox < mailboxBytes; m++) {
                int size = sizes.pick(random);
                boolean recent = m < perMailbox;
                Instant sent = SEED_EPOCH.minusSeconds(random.nextLong(Duration.ofDays(30).toSeconds()))
                        .minus(recent ? Duration.ZERO : HISTORY_AGE);
                String from = random.nextInt(5) == 0
                        ? MessageFactory.pick(MessageFactory.OUTSIDE_SENDERS, random)
                        : MailUsers.address(1 + random.nextInt(users));
                MimeMessage message = factory.create(from, List.of(MailUsers.address(u)), factory.subject(random), size, random, sent);
                message.setHeader("Message-ID", "<seed-" + seed + "-" + login + "-" + m + "@" + MailUsers.DOMAIN + ">");
                // Half of the mail stays in INBOX, the rest is filed; most recent mail has been read, all older mail.
                String folder = random.nextBoolean() ? INBOX : FOLDERS.get(random.nextInt(FOLDERS.size()));
                boolean seen = random.nextInt(10) < 7 || !recent;
                inMailbox += sink.message(login, folder, message, seen, sent);
                messages++;
            }
            bytes += inMailbox;
        }
        return new Written(messages, bytes);
    }
}
