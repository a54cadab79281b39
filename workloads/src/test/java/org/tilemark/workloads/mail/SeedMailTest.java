package org.tilemark.workloads.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.guest.GuestContext;

/** How many messages a seeded mailbox gets: at least {@code messagesPerMailbox}, and at least {@code mailboxBytes} of them. */
class SeedMailTest {

    /** One stored message as a sink saw it. */
    private record Stored(String login, String messageId, long bytes, boolean seen, Instant received) {
    }

    /** Keeps what it is given in a list, sized as the message's RFC 822 bytes. */
    private static final class Recording implements SeedMail.Sink {
        final List<Stored> stored = new ArrayList<>();

        @Override
        public void folder(String login, String folder) {
        }

        @Override
        public long message(String login, String folder, MimeMessage message, boolean seen, Instant received) throws Exception {
            ByteArrayOutputStream content = new ByteArrayOutputStream();
            message.writeTo(content);
            stored.add(new Stored(login, message.getMessageID(), content.size(), seen, received));
            return content.size();
        }

        Map<String, Long> bytesPerMailbox() {
            Map<String, Long> bytes = new HashMap<>();
            stored.forEach(s -> bytes.merge(s.login(), s.bytes(), Long::sum));
            return bytes;
        }
    }

    private static SeedMail seed(int users, int perMailbox, long mailboxBytes) {
        return new SeedMail(new GuestContext(null, Map.of("mail.users", Integer.toString(users), "mail.seed", "5",
                "mail.messagesPerMailbox", Integer.toString(perMailbox), "mail.mailboxBytes", Long.toString(mailboxBytes),
                "mail.sizes", SeedMail.DEFAULT_SIZES), Map.of()));
    }

    @Test
    void eachMailboxReachesItsSizeAndOvershootsByLessThanItsLastMessage() throws Exception {
        long target = 300 * 1024;
        Recording sink = new Recording();
        SeedMail.Written written = seed(3, 4, target).writeTo(sink);

        Map<String, Long> perMailbox = sink.bytesPerMailbox();
        assertThat(perMailbox).containsOnlyKeys("user0001", "user0002", "user0003");
        for (String login : perMailbox.keySet()) {
            List<Stored> mailbox = sink.stored.stream().filter(s -> s.login().equals(login)).toList();
            long bytes = perMailbox.get(login);
            assertThat(bytes).as(login).isGreaterThanOrEqualTo(target);
            assertThat(bytes - mailbox.getLast().bytes()).as(login + " without its last message").isLessThan(target);
            assertThat(mailbox.size()).as("messages drawn from the MMB sizes, not one blob").isGreaterThan(4);
        }
        assertThat(written.messages()).isEqualTo(sink.stored.size());
        assertThat(written.bytes()).isEqualTo(perMailbox.values().stream().mapToLong(Long::longValue).sum());
        // Named by the mail domain, not by a lookup of this machine's name (a guest may have no name server).
        assertThat(sink.stored).allSatisfy(s -> assertThat(s.messageId()).endsWith("@" + MailUsers.DOMAIN + ">"));
    }

    @Test
    void theFirstMessagesPerMailboxAreTheRecentMailAndTheRestIsOlderReadHistory() throws Exception {
        Recording small = new Recording();
        seed(2, 30, 0).writeTo(small);
        Recording large = new Recording();
        seed(2, 30, 1024 * 1024).writeTo(large);

        assertThat(small.stored).hasSize(60);
        for (String login : List.of("user0001", "user0002")) {
            List<Stored> recent = small.stored.stream().filter(s -> s.login().equals(login)).toList();
            List<Stored> all = large.stored.stream().filter(s -> s.login().equals(login)).toList();
            // Bytes aside: a multipart message's MIME boundary carries a process-wide counter.
            assertThat(all.subList(0, 30)).as("the same seed gives the same recent mail at any mailbox size")
                    .usingRecursiveFieldByFieldElementComparatorIgnoringFields("bytes").isEqualTo(recent);
            Instant oldestRecent = recent.stream().map(Stored::received).min(Instant::compareTo).orElseThrow();
            List<Stored> history = all.subList(30, all.size());
            assertThat(history).isNotEmpty().allSatisfy(s -> {
                assertThat(s.seen()).isTrue();
                assertThat(s.received()).isBefore(oldestRecent);
            });
            assertThat(recent).anyMatch(s -> !s.seen());
        }
    }

    @Test
    void aMailboxWithoutASizeHoldsMessagesPerMailboxAndNoneWithNoMessagesEither() throws Exception {
        Recording none = new Recording();
        assertThat(seed(2, 0, 0).writeTo(none)).isEqualTo(new SeedMail.Written(0, 0));
        Recording sized = new Recording();
        seed(1, 0, 1).writeTo(sized);
        assertThat(sized.stored).as("one byte asks for one message").hasSize(1);
    }

    @Test
    void badGuestSettingsAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> seed(1, 1, -5)).hasMessageContaining("mail.mailboxBytes").hasMessageContaining("-5");
        assertThatThrownBy(() -> new SeedMail(new GuestContext(null, Map.of("mail.messagesPerMailbox", "3000000000"), Map.of())))
                .hasMessageContaining("mail.messagesPerMailbox");
    }

    @Test
    void virtualSizeCountsEachBareLineFeedAsTwoBytes() {
        assertThat(Maildirs.virtualSize("a\r\nb\r\n".getBytes(StandardCharsets.US_ASCII))).isEqualTo(6);
        assertThat(Maildirs.virtualSize("a\nb\r\n\n".getBytes(StandardCharsets.US_ASCII))).isEqualTo(8);
        assertThat(Maildirs.virtualSize("\n".getBytes(StandardCharsets.US_ASCII))).isEqualTo(2);
    }
}
