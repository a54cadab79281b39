package org.tilemark.workloads.mail;

import jakarta.mail.FetchProfile;
import jakarta.mail.Flags;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.search.FlagTerm;
import jakarta.mail.search.SearchTerm;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.eclipse.angus.mail.imap.IMAPFolder;
import org.eclipse.angus.mail.imap.IMAPStore;

/**
 * One simulated user's mail client: an IMAP session kept open between actions with INBOX selected
 * (as a desktop client keeps it), and a fresh SMTP submission connection per message. Used by one
 * thread at a time. After a failure the caller logs off; the next action logs on again.
 */
final class MailClient implements AutoCloseable {

    /** Below this many INBOX messages, moves and deletes leave the INBOX alone (it must not drain). */
    static final int MIN_INBOX_MESSAGES = 5;
    static final int BROWSE_ENVELOPES = 20;

    private final Session session;
    private final MailEndpoints endpoints;
    private final String login;
    private final String password;
    private final Set<String> knownFolders = new HashSet<>();
    private IMAPStore store;
    private IMAPFolder inbox;

    MailClient(Session session, MailEndpoints endpoints, String login, String password) {
        this.session = session;
        this.endpoints = endpoints;
        this.login = login;
        this.password = password;
    }

    /** Logs off (if logged on) and logs on again: connect, LOGIN, select INBOX. */
    void logon() throws MessagingException {
        logoff();
        IMAPStore connecting = (IMAPStore) session.getStore("imap");
        try {
            connecting.connect(endpoints.imap().getHostString(), endpoints.imap().getPort(), login, password);
            IMAPFolder opening = (IMAPFolder) connecting.getFolder("INBOX");
            opening.open(Folder.READ_WRITE);
            store = connecting;
            inbox = opening;
        } catch (MessagingException | RuntimeException e) {
            closeQuietly(connecting);
            throw e;
        }
    }

    void logoff() {
        if (inbox != null && inbox.isOpen()) {
            try {
                inbox.close(false);
            } catch (MessagingException | RuntimeException ignored) {
                // the session is being dropped anyway
            }
        }
        closeQuietly(store);
        inbox = null;
        store = null;
    }

    private IMAPFolder inbox() throws MessagingException {
        if (inbox == null || !inbox.isOpen() || !store.isConnected()) {
            logon();
        }
        return inbox;
    }

    /** Submits the message; returns {@link System#nanoTime()} when the server accepted its data. */
    long send(MimeMessage message) throws MessagingException {
        try (Transport transport = session.getTransport("smtp")) {
            transport.connect(endpoints.smtp().getHostString(), endpoints.smtp().getPort(), login, password);
            transport.sendMessage(message, message.getAllRecipients());
            return System.nanoTime();
        }
    }

    /** Reads (fetches whole) up to {@code max} unseen INBOX messages, newest first, and marks them seen. */
    int read(int max) throws MessagingException, IOException {
        IMAPFolder folder = inbox();
        Message[] unseen = folder.search(new FlagTerm(new Flags(Flags.Flag.SEEN), false));
        List<Message> chosen = new ArrayList<>();
        for (int i = unseen.length - 1; i >= 0 && chosen.size() < max; i--) {
            if (unseen[i] != null) {
                chosen.add(unseen[i]);
            }
        }
        if (chosen.isEmpty()) {
            List<Message> live = live(folder);
            if (live.isEmpty()) {
                return 0;
            }
            chosen.add(live.getLast()); // nothing new: re-read the latest
        }
        for (Message message : chosen) {
            message.writeTo(OutputStream.nullOutputStream());
        }
        folder.setFlags(chosen.toArray(Message[]::new), new Flags(Flags.Flag.SEEN), true);
        return chosen.size();
    }

    /** Files one INBOX message into {@code folderName}; false (nothing done) when INBOX is nearly empty. */
    boolean move(String folderName, RandomGenerator random) throws MessagingException {
        IMAPFolder folder = inbox();
        List<Message> live = live(folder);
        if (live.size() < MIN_INBOX_MESSAGES) {
            return false;
        }
        Message[] message = {live.get(random.nextInt(live.size()))};
        Folder target = store.getFolder(folderName);
        if (knownFolders.add(folderName) && !target.exists()) {
            target.create(Folder.HOLDS_MESSAGES);
        }
        if (store.hasCapability("MOVE")) {
            folder.moveMessages(message, target);
        } else {
            folder.copyMessages(message, target);
            folder.setFlags(message, new Flags(Flags.Flag.DELETED), true);
            folder.expunge();
        }
        return true;
    }

    /** Deletes one INBOX message and expunges; false (nothing done) when INBOX is nearly empty. */
    boolean delete(RandomGenerator random) throws MessagingException {
        IMAPFolder folder = inbox();
        List<Message> live = live(folder);
        if (live.size() < MIN_INBOX_MESSAGES) {
            return false;
        }
        live.get(random.nextInt(live.size())).setFlag(Flags.Flag.DELETED, true);
        folder.expunge();
        return true;
    }

    /** Searches INBOX on the server and fetches the envelopes of up to 20 hits, as a result list shows them. */
    int search(SearchTerm term) throws MessagingException {
        IMAPFolder folder = inbox();
        Message[] hits = Arrays.stream(folder.search(term)).filter(m -> m != null).toArray(Message[]::new);
        Message[] shown = Arrays.copyOfRange(hits, Math.max(0, hits.length - BROWSE_ENVELOPES), hits.length);
        if (shown.length > 0) {
            folder.fetch(shown, envelopes());
        }
        return hits.length;
    }

    /** Lists the folders, opens one and fetches the envelopes of its latest 20 messages. */
    int browse(RandomGenerator random) throws MessagingException {
        IMAPFolder folder = inbox();
        List<Folder> selectable = new ArrayList<>();
        for (Folder candidate : store.getDefaultFolder().list("*")) {
            if ((candidate.getType() & Folder.HOLDS_MESSAGES) != 0) {
                selectable.add(candidate);
            }
        }
        Folder chosen = selectable.isEmpty() ? folder : selectable.get(random.nextInt(selectable.size()));
        boolean isInbox = chosen.getFullName().equalsIgnoreCase("INBOX");
        Folder open = isInbox ? folder : chosen;
        if (!isInbox) {
            open.open(Folder.READ_ONLY);
        }
        try {
            int count = open.getMessageCount();
            if (count == 0) {
                return 0;
            }
            Message[] latest = open.getMessages(Math.max(1, count - BROWSE_ENVELOPES + 1), count);
            open.fetch(latest, envelopes());
            return latest.length;
        } finally {
            if (!isInbox) {
                open.close(false);
            }
        }
    }

    /**
     * The folder's messages less those already gone: Jakarta Mail keeps a moved message's number
     * (marked expunged) until the application itself expunges, so a plain count overstates.
     */
    private static List<Message> live(Folder folder) throws MessagingException {
        List<Message> live = new ArrayList<>();
        for (Message message : folder.getMessages()) {
            if (!message.isExpunged()) {
                live.add(message);
            }
        }
        return live;
    }

    private static FetchProfile envelopes() {
        FetchProfile profile = new FetchProfile();
        profile.add(FetchProfile.Item.ENVELOPE);
        profile.add(FetchProfile.Item.FLAGS);
        return profile;
    }

    private static void closeQuietly(Store store) {
        if (store != null) {
            try {
                store.close();
            } catch (MessagingException | RuntimeException ignored) {
                // dropping the connection either way
            }
        }
    }

    @Override
    public void close() {
        logoff();
    }
}
