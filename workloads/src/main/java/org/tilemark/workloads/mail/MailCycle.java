package org.tilemark.workloads.mail;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.search.FromStringTerm;
import jakarta.mail.search.SubjectTerm;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.OpenLoopUser;

/**
 * One action of one mail user, the next of its {@link MailDay}, timed from its intended start.
 * A move or delete that finds the INBOX nearly empty reads instead (and counts as a read), so
 * mailboxes do not drain over a long run. A send's latency ends when the server accepted the data. While it
 * runs, its connects and reads show the cuts their deadlines ({@link MailSockets#watch}): one past its timeout
 * at a cut fails the action there.
 */
final class MailCycle implements OpenLoopUser.Cycle {

    static final int READ_BATCH = 5;
    private static final Logger LOG = LoggerFactory.getLogger(MailCycle.class);

    /** What a user does to whom, and how its results are recorded. */
    record Setup(int userNumber, int users, MailSpec spec, WeightedChoice<Integer> sizes, MessageFactory messages,
                 IntervalRecorder recorder, DeliveryChecker checker, String errorLabel, String tokenPrefix,
                 MailSockets sockets) {
    }

    private final Setup setup;
    private final MailDay day;
    private final MailClient client;
    private final RandomGenerator random;
    private long tokens;

    MailCycle(Setup setup, MailDay day, MailClient client, RandomGenerator random) {
        this.setup = setup;
        this.day = day;
        this.client = client;
        this.random = random;
    }

    @Override
    public void run(long intendedStartNanos, IntervalRecorder.InFlight unit) {
        MailAction action = day.action();
        IntervalRecorder recorder = setup.recorder();
        setup.sockets().watch(unit, action.label(), setup.errorLabel());
        try {
            long endNanos = switch (action) {
                case LOGON -> {
                    client.logon();
                    yield System.nanoTime();
                }
                case SEND -> send();
                case READ -> {
                    client.read(READ_BATCH);
                    yield System.nanoTime();
                }
                case MOVE, DELETE -> {
                    boolean done = action == MailAction.MOVE ? client.move(pickFolder(), random) : client.delete(random);
                    if (!done) {
                        action = MailAction.READ;
                        setup.sockets().watch(unit, action.label(), setup.errorLabel());
                        client.read(READ_BATCH);
                    }
                    yield System.nanoTime();
                }
                case SEARCH -> {
                    client.search(random.nextBoolean()
                            ? new SubjectTerm(MessageFactory.pick(MessageFactory.TOPICS, random))
                            : new FromStringTerm(MailUsers.address(1 + random.nextInt(setup.users()))));
                    yield System.nanoTime();
                }
                case BROWSE -> {
                    client.browse(random);
                    yield System.nanoTime();
                }
            };
            if (unit.settle()) { // else a cut failed it, a read past its timeout
                recorder.completed(action.label(), endNanos - intendedStartNanos);
            }
        } catch (MessagingException | IOException | RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                return; // the driver is stopping and cut the connection: not the server's failure
            }
            LOG.debug("mail {} of user {} failed: {}", action.label(), setup.userNumber(), e.toString());
            if (unit.settle()) {
                recorder.failedUnit(action.label(), setup.errorLabel());
            }
            client.logoff(); // a broken session is re-established by the next action
        } finally {
            setup.sockets().unwatch();
        }
    }

    /**
     * 1 + floor(U x (2m - 1)): uniform over 1..2m-1 when 2m is whole, and with mean m to within 0.02
     * otherwise (4.7: values 1..9, mean 4.71).
     */
    static int recipientCount(double mean, RandomGenerator random) {
        return 1 + (int) Math.floor(random.nextDouble() * (2 * mean - 1));
    }

    private String pickFolder() {
        return MailRole.FOLDERS.get(random.nextInt(MailRole.FOLDERS.size()));
    }

    private long send() throws MessagingException {
        List<Integer> recipients = recipients();
        List<String> to = new ArrayList<>();
        recipients.forEach(r -> to.add(MailUsers.address(r)));
        String subject = setup.messages().subject(random);
        String token = null;
        if (random.nextDouble() * 100 < setup.spec().deliverySamplePercent()) {
            token = setup.tokenPrefix() + "x" + (++tokens);
            subject = subject + " [" + token + "]";
        }
        MimeMessage message = setup.messages().create(MailUsers.address(setup.userNumber()), to, subject,
                setup.sizes().pick(random), random, Instant.now());
        long acceptedNanos = client.send(message);
        if (token != null) {
            setup.checker().expect(token, recipients.getFirst(), acceptedNanos);
        }
        return acceptedNanos;
    }

    /** Distinct other users of the tile (oneself when alone), {@link #recipientCount} of them. */
    private List<Integer> recipients() {
        int others = setup.users() - 1;
        if (others == 0) {
            return List.of(setup.userNumber());
        }
        int count = Math.min(recipientCount(setup.spec().meanRecipients(), random), others);
        List<Integer> chosen = new ArrayList<>();
        while (chosen.size() < count) {
            int other = 1 + random.nextInt(others);
            int user = other >= setup.userNumber() ? other + 1 : other;
            if (!chosen.contains(user)) {
                chosen.add(user);
            }
        }
        return chosen;
    }
}
