package org.tilemark.workloads.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.FetchProfile;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;

class MailRoleTest {

    private static final String PASSWORD = "Mail-Test-Pw-1";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private final MailRole role = new MailRole();

    private static GuestContext context(Path disk, MailServerKind server) {
        return new GuestContext(disk, Map.of("mail.users", "3", "mail.seed", "7", "mail.messagesPerMailbox", "12",
                "mail.sizes", "2048:60,20480:40", MailServerKind.SETTING, server.key()), Map.of(MailRole.PASSWORD_ENV, PASSWORD));
    }

    /** Postfix and Dovecot run wherever tests/setup/install-mail-server.sh ran as root; the suite's setup runs it. */
    static void assumeRunnable(MailServerKind server) {
        if (server == MailServerKind.POSTFIX_DOVECOT) {
            assumeThat(PostfixDovecot.unavailable()).as("Postfix and Dovecot runnable here").isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(MailServerKind.class)
    void templateCopyServesTheSeededMailboxesAndKeepsDeliveredMailAcrossARestart(MailServerKind server) throws Exception {
        assumeRunnable(server);
        Path template = dir.resolve("template/disk");
        role.buildTemplate(context(template, server));
        Path vmDisk = dir.resolve("vm1/disk");
        copyTree(template, vmDisk);

        String token = "tok" + Long.toHexString(new SplittableRandom().nextLong());
        try (RunningGuest guest = role.start(context(vmDisk, server))) {
            assertThat(guest.ports()).containsOnlyKeys("smtp", "imap");
            assertThat(guest.port()).isEqualTo(guest.ports().get("smtp"));
            assertThat(messagesPerFolder(guest, "user0001")).containsOnlyKeys("INBOX", "Archive", "Projects", "Receipts")
                    .satisfies(counts -> assertThat(counts.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(12));

            // The driver's send path, then a second, independent client: a raw IMAP session.
            MailSockets sockets = new MailSockets();
            MailClient sender = new MailClient(MailSessions.session(TIMEOUT, sockets), endpoints(guest), "user0001", PASSWORD);
            MimeMessage message = new MessageFactory(Session.getInstance(new java.util.Properties())).create(
                    MailUsers.address(1), List.of(MailUsers.address(2)), "Budget review [" + token + "]", 4096,
                    new SplittableRandom(1), Instant.now());
            sender.send(message);
            assertThat(awaitDelivered(guest, "user0002", token)).as("raw IMAP search finds the sent message").isNotEmpty();

            // The driver's sockets are MailSockets', IMAP's and SMTP's alike, so stopping can close them.
            sender.logon();
            assertThat(sockets.openCount()).as("the IMAP session's socket").isEqualTo(1);
            sockets.closeAll();
            assertThat(sockets.openCount()).isZero();
            assertThatThrownBy(() -> sender.send(message)).hasStackTraceContaining("the mail driver is stopping");
            sender.close();
        }

        try (RunningGuest again = role.start(context(vmDisk, server))) {
            assertThat(rawSearch(again, "user0002", token)).as("message delivered before the restart").isNotEmpty();
            assertThat(messagesPerFolder(again, "user0001").values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(12);
        }
        try (RunningGuest fromTemplate = role.start(context(template, server))) {
            assertThat(rawSearch(fromTemplate, "user0002", token)).as("the template itself is untouched").isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(MailServerKind.class)
    void loginNeedsTheRightPasswordOnSmtpAndImap(MailServerKind server) throws Exception {
        assumeRunnable(server);
        Path disk = dir.resolve("disk");
        role.buildTemplate(context(disk, server));
        try (RunningGuest guest = role.start(context(disk, server))) {
            Session session = MailSessions.session(TIMEOUT);
            try (Store store = session.getStore("imap")) {
                store.connect("127.0.0.1", guest.ports().get("imap"), "user0003", PASSWORD);
                assertThat(store.isConnected()).isTrue();
            }
            try (Transport transport = session.getTransport("smtp")) {
                transport.connect("127.0.0.1", guest.ports().get("smtp"), "user0003", PASSWORD);
                assertThat(transport.isConnected()).isTrue();
            }
            assertThatThrownBy(() -> {
                try (Store store = session.getStore("imap")) {
                    store.connect("127.0.0.1", guest.ports().get("imap"), "user0003", PASSWORD + "x");
                }
            }).isInstanceOf(AuthenticationFailedException.class);
            assertThatThrownBy(() -> {
                try (Transport transport = session.getTransport("smtp")) {
                    transport.connect("127.0.0.1", guest.ports().get("smtp"), "user0003", PASSWORD + "x");
                }
            }).isInstanceOf(AuthenticationFailedException.class);
            assertThatThrownBy(() -> {
                try (Store store = session.getStore("imap")) {
                    store.connect("127.0.0.1", guest.ports().get("imap"), "user0004", PASSWORD);
                }
            }).as("only the configured users exist").isInstanceOf(AuthenticationFailedException.class);
        }
    }

    @Test
    void aPeriodicSaveOfTheStandInAloneKeepsMailDeliveredBeforeIt() throws Exception {
        MailServerKind server = MailServerKind.GREENMAIL;
        Path disk = dir.resolve("disk");
        role.buildTemplate(context(disk, server));
        String token = "crash" + Long.toHexString(new SplittableRandom().nextLong());
        RunningGuest guest = role.start(context(disk, server));
        MailClient sender = new MailClient(MailSessions.session(TIMEOUT), endpoints(guest), "user0002", PASSWORD);
        sender.send(new MessageFactory(Session.getInstance(new java.util.Properties())).create(MailUsers.address(2),
                List.of(MailUsers.address(3)), "Saved [" + token + "]", 2048, new SplittableRandom(2), Instant.now()));
        ((RunningMailServer) guest).save();
        // Simulate a crash: the copy taken now is what a dead VM's disk would hold.
        Path crashed = dir.resolve("crashed/disk");
        copyTree(disk, crashed);
        guest.close();

        try (RunningGuest restarted = role.start(context(crashed, server))) {
            assertThat(awaitDelivered(restarted, "user0003", token)).isNotEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(MailServerKind.class)
    void aDefaultSizedTemplateBuilds(MailServerKind server) throws Exception {
        Path disk = dir.resolve("default/disk");
        GuestContext defaults = new GuestContext(disk, Map.of("mail.users", "20", "mail.seed", "42", "mail.messagesPerMailbox", "40",
                "mail.sizes", MailRole.DEFAULT_SIZES, MailServerKind.SETTING, server.key()), Map.of(MailRole.PASSWORD_ENV, PASSWORD));
        assumeRunnable(server);
        long start = System.nanoTime();
        role.buildTemplate(defaults);
        long buildMs = (System.nanoTime() - start) / 1_000_000;
        long bytes;
        try (Stream<Path> files = Files.walk(disk)) {
            bytes = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        System.out.printf("mail template (%s) 20 users x 40 messages: %d ms, %d KB on disk%n", server.key(), buildMs, bytes / 1024);
        if (server == MailServerKind.POSTFIX_DOVECOT) {
            try (Stream<Path> files = Files.walk(Maildirs.root(disk))) {
                assertThat(files.filter(p -> p.getParent().getFileName().toString().equals("cur")).count()).isEqualTo(800);
            }
            return;
        }
        MailStoreFiles store = new MailStoreFiles(disk.resolve("mailstore"));
        assertThat(store.readIndex().stream().filter(e -> e.blob() != null).count()).isEqualTo(800);
        assertThat(store.blobs()).hasSize(800);
    }

    /**
     * A template at {@code mail.mailboxBytes}: each Maildir holds at least that many bytes, less than one message more,
     * and Dovecot (indexing on this first access) serves every message at its size on disk. The stand-in keeps the
     * recent messages alone (GreenMail holds mail in the guest's heap).
     */
    @ParameterizedTest
    @EnumSource(MailServerKind.class)
    void aTemplateAtMailboxBytesHoldsThatMuchMailOnDiskAndImapServesAllOfIt(MailServerKind server) throws Exception {
        assumeRunnable(server);
        long target = 512 * 1024;
        Path disk = dir.resolve("sized/disk");
        GuestContext sized = new GuestContext(disk, Map.of("mail.users", "2", "mail.seed", "3", "mail.messagesPerMailbox", "5",
                "mail.mailboxBytes", Long.toString(target), "mail.sizes", MailRole.DEFAULT_SIZES, MailServerKind.SETTING, server.key()),
                Map.of(MailRole.PASSWORD_ENV, PASSWORD));
        role.buildTemplate(sized);
        try (RunningGuest guest = role.start(sized)) {
            for (String login : List.of("user0001", "user0002")) {
                List<Long> served = servedSizes(guest, login);
                if (server == MailServerKind.GREENMAIL) {
                    assertThat(served).hasSize(5);
                    continue;
                }
                List<Long> onDisk;
                try (Stream<Path> files = Files.walk(Maildirs.root(disk).resolve(login))) {
                    onDisk = files.filter(p -> p.getParent().getFileName().toString().equals("cur")).map(p -> p.toFile().length()).toList();
                }
                long bytes = onDisk.stream().mapToLong(Long::longValue).sum();
                assertThat(bytes).as(login + " on disk").isGreaterThanOrEqualTo(target)
                        .isLessThan(target + onDisk.stream().mapToLong(Long::longValue).max().orElseThrow());
                assertThat(served).as("IMAP RFC822.SIZE of every message in every folder").hasSameSizeAs(onDisk)
                        .containsExactlyInAnyOrderElementsOf(onDisk);
            }
        }
    }

    /** The RFC 822 size IMAP reports for every message of every folder; one message per folder read whole to match it. */
    private static List<Long> servedSizes(RunningGuest guest, String login) throws Exception {
        List<Long> sizes = new ArrayList<>();
        try (Store store = MailSessions.session(TIMEOUT).getStore("imap")) {
            store.connect("127.0.0.1", guest.ports().get("imap"), login, PASSWORD);
            for (Folder folder : store.getDefaultFolder().list("*")) {
                if ((folder.getType() & Folder.HOLDS_MESSAGES) == 0) {
                    continue;
                }
                folder.open(Folder.READ_ONLY);
                Message[] messages = folder.getMessages();
                FetchProfile profile = new FetchProfile();
                profile.add(FetchProfile.Item.SIZE);
                folder.fetch(messages, profile);
                for (Message message : messages) {
                    sizes.add((long) message.getSize());
                }
                if (messages.length > 0) {
                    ByteArrayOutputStream whole = new ByteArrayOutputStream();
                    messages[0].writeTo(whole);
                    assertThat((long) whole.size()).as("a message read whole").isEqualTo(sizes.get(sizes.size() - messages.length));
                }
                folder.close(false);
            }
        }
        return sizes;
    }

    static MailEndpoints endpoints(RunningGuest guest) {
        return new MailEndpoints(new InetSocketAddress("127.0.0.1", guest.ports().get("smtp")),
                new InetSocketAddress("127.0.0.1", guest.ports().get("imap")), "test-mail");
    }

    private static Map<String, Integer> messagesPerFolder(RunningGuest guest, String login) throws Exception {
        try (Store store = MailSessions.session(TIMEOUT).getStore("imap")) {
            store.connect("127.0.0.1", guest.ports().get("imap"), login, PASSWORD);
            Map<String, Integer> counts = new java.util.TreeMap<>();
            for (Folder folder : store.getDefaultFolder().list("*")) {
                if ((folder.getType() & Folder.HOLDS_MESSAGES) != 0) {
                    counts.put(folder.getFullName(), folder.getMessageCount());
                }
            }
            return counts;
        }
    }

    /**
     * The search's hits once there are any, within 30 s: a real server delivers after it acknowledged (Postfix queues,
     * then hands the message to Dovecot), GreenMail before.
     */
    static List<String> awaitDelivered(RunningGuest guest, String login, String token) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        List<String> hits = rawSearch(guest, login, token);
        while (hits.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            hits = rawSearch(guest, login, token);
        }
        return hits;
    }

    /** The message numbers a plain-socket IMAP SEARCH returns. */
    static List<String> rawSearch(RunningGuest guest, String login, String token) throws IOException {
        try (RawImap imap = new RawImap("127.0.0.1", guest.ports().get("imap"))) {
            assertThat(imap.command("a1", "LOGIN " + login + " \"" + PASSWORD + "\"").getLast()).startsWith("a1 OK");
            assertThat(imap.command("a2", "SELECT INBOX").getLast()).startsWith("a2 OK");
            List<String> lines = imap.command("a3", "SEARCH SUBJECT " + token);
            assertThat(lines.getLast()).startsWith("a3 OK");
            String result = lines.stream().filter(l -> l.startsWith("* SEARCH")).findFirst().orElseThrow();
            imap.command("a4", "LOGOUT");
            String numbers = result.substring("* SEARCH".length()).strip();
            return numbers.isEmpty() ? List.of() : List.of(numbers.split(" "));
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
