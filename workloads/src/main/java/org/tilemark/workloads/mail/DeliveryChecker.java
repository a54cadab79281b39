package org.tilemark.workloads.mail;

import jakarta.mail.Folder;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.search.SubjectTerm;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import org.tilemark.workloads.driver.IntervalRecorder;

/**
 * Follows a sample of sent messages to their recipient: logs in as the recipient and searches INBOX
 * for the message's unique subject token until it shows up (recorded as {@code delivery}, from the
 * moment the server accepted the message, to within one poll) or {@code giveUp} passes (a
 * {@code delivery} failure, which is not an action: it does not count against the scored unit).
 * One thread per driver; one IMAP session per recipient, kept open.
 */
final class DeliveryChecker implements Runnable {

    static final String OPERATION = "delivery";

    record Expected(String token, int recipient, long acceptedNanos) {
    }

    private final Session session;
    private final MailEndpoints endpoints;
    private final String password;
    private final IntervalRecorder recorder;
    private final Duration giveUp;
    private final Duration poll;
    private final LinkedBlockingQueue<Expected> incoming = new LinkedBlockingQueue<>();
    private final List<Expected> pending = new ArrayList<>();
    private final Map<Integer, Store> sessions = new HashMap<>();
    private volatile boolean running = true;

    DeliveryChecker(Session session, MailEndpoints endpoints, String password, IntervalRecorder recorder,
                    Duration giveUp, Duration poll) {
        this.session = session;
        this.endpoints = endpoints;
        this.password = password;
        this.recorder = recorder;
        this.giveUp = giveUp;
        this.poll = poll;
    }

    void expect(String token, int recipient, long acceptedNanos) {
        incoming.add(new Expected(token, recipient, acceptedNanos));
    }

    void stop() {
        running = false;
    }

    @Override
    public void run() {
        try {
            while (running) {
                if (pending.isEmpty()) {
                    pending.add(incoming.take()); // nothing to look for: no polling until a message is sent
                }
                incoming.drainTo(pending);
                checkPending();
                if (!pending.isEmpty()) {
                    Thread.sleep(poll);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            sessions.values().forEach(DeliveryChecker::closeQuietly);
            sessions.clear();
        }
    }

    private void checkPending() {
        for (Iterator<Expected> it = pending.iterator(); it.hasNext() && running; ) {
            Expected expected = it.next();
            if (delivered(expected)) {
                recorder.success(OPERATION, System.nanoTime() - expected.acceptedNanos());
                it.remove();
            } else if (System.nanoTime() - expected.acceptedNanos() > giveUp.toNanos()) {
                recorder.failure(OPERATION, endpoints.name());
                it.remove();
            }
        }
    }

    private boolean delivered(Expected expected) {
        try {
            Store store = sessions.get(expected.recipient());
            if (store == null || !store.isConnected()) {
                closeQuietly(store);
                store = session.getStore("imap");
                sessions.put(expected.recipient(), store);
                store.connect(endpoints.imap().getHostString(), endpoints.imap().getPort(),
                        MailUsers.login(expected.recipient()), password);
            }
            Folder inbox = store.getFolder("INBOX");
            inbox.open(Folder.READ_ONLY);
            try {
                return inbox.search(new SubjectTerm(expected.token())).length > 0;
            } finally {
                inbox.close(false);
            }
        } catch (MessagingException | RuntimeException e) {
            closeQuietly(sessions.remove(expected.recipient()));
            return false; // retried on the next poll until giveUp
        }
    }

    private static void closeQuietly(Store store) {
        if (store != null) {
            try {
                store.close();
            } catch (MessagingException | RuntimeException ignored) {
                // dropping it either way
            }
        }
    }
}
