package org.tilemark.workloads.mail;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.imap.ImapHostManager;
import com.icegreen.greenmail.store.FolderException;
import com.icegreen.greenmail.store.MailFolder;
import com.icegreen.greenmail.store.StoredMessage;
import com.icegreen.greenmail.user.GreenMailUser;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Saves GreenMail's in-memory mailboxes to {@link MailStoreFiles} and restores them. Message
 * content never changes once stored (IMAP only changes flags and folders), so a message already
 * written is remembered by identity and not serialized again: a save costs the index plus the
 * messages that arrived since the previous one.
 */
final class GreenMailStore {

    /** What one save did. */
    record SaveStats(int messages, int newFiles, int removedFiles) {
    }

    private final MailStoreFiles files;
    private final Session session = Session.getInstance(new Properties());
    /** Stored message to its file; weak so expunged messages drop out. Guarded by {@code this}. */
    private final Map<StoredMessage, String> written = new WeakHashMap<>();
    private Set<String> onDisk;

    GreenMailStore(MailStoreFiles files) {
        this.files = files;
    }

    /** Loads the saved mailboxes of the given users (created beforehand) into GreenMail; returns the message count. */
    synchronized int restore(Managers managers) throws IOException, MessagingException, FolderException {
        onDisk = files.blobs();
        if (!files.exists()) {
            return 0;
        }
        ImapHostManager host = managers.getImapHostManager();
        int restored = 0;
        for (MailStoreFiles.Entry entry : files.readIndex()) {
            GreenMailUser user = managers.getUserManager().getUser(entry.user());
            if (user == null) {
                continue; // a mailbox of a user this VM is no longer configured for
            }
            MailFolder folder = folder(host, user, entry.folder());
            if (entry.blob() == null) {
                continue;
            }
            MimeMessage message = new MimeMessage(session, new ByteArrayInputStream(files.readBlob(entry.blob())));
            long uid = folder.appendMessage(message, entry.flags(), Date.from(entry.received()));
            StoredMessage stored = folder.getMessage(uid);
            if (stored != null) {
                written.put(stored, entry.blob());
            }
            restored++;
        }
        return restored;
    }

    /** Writes the current state of the users' mailboxes. Safe while clients keep working. */
    synchronized SaveStats save(Managers managers, Collection<GreenMailUser> users)
            throws IOException, MessagingException, FolderException {
        if (onDisk == null) {
            onDisk = files.blobs();
        }
        ImapHostManager host = managers.getImapHostManager();
        List<MailStoreFiles.Entry> entries = new ArrayList<>();
        Set<String> referenced = new HashSet<>();
        int newFiles = 0;
        for (GreenMailUser user : users) {
            MailFolder inbox = host.getInbox(user);
            String prefix = inbox.getFullName().substring(0, inbox.getFullName().length() - "INBOX".length());
            for (MailFolder folder : host.listMailboxes(user, "*")) {
                if (!folder.isSelectable() || !folder.getFullName().startsWith(prefix)) {
                    continue;
                }
                String name = folder.getFullName().substring(prefix.length());
                entries.add(new MailStoreFiles.Entry(user.getLogin(), name, null, null, null));
                // By UID, not by the live list: clients append and expunge while this runs.
                for (long uid : folder.getMessageUids()) {
                    StoredMessage stored = folder.getMessage(uid);
                    if (stored == null) {
                        continue;
                    }
                    String blob = written.get(stored);
                    if (blob == null) {
                        byte[] content = bytes(stored.getMimeMessage());
                        blob = MailStoreFiles.blobName(content);
                        if (onDisk.add(blob)) {
                            files.writeBlob(blob, content);
                            newFiles++;
                        }
                        written.put(stored, blob);
                    }
                    referenced.add(blob);
                    entries.add(new MailStoreFiles.Entry(user.getLogin(), name, blob, stored.getFlags(),
                            stored.getReceivedDate().toInstant()));
                }
            }
        }
        files.writeIndex(entries);
        int removed = 0;
        for (String blob : List.copyOf(onDisk)) {
            if (!referenced.contains(blob)) {
                files.deleteBlob(blob);
                onDisk.remove(blob);
                removed++;
            }
        }
        return new SaveStats((int) entries.stream().filter(e -> e.blob() != null).count(), newFiles, removed);
    }

    private static MailFolder folder(ImapHostManager host, GreenMailUser user, String name) throws FolderException {
        MailFolder folder = host.getFolder(user, name);
        if (folder != null) {
            return folder;
        }
        try {
            return host.createMailbox(user, name);
        } catch (com.icegreen.greenmail.imap.AuthorizationException e) {
            throw new FolderException("cannot create folder " + name + " of " + user.getLogin() + ": " + e.getMessage());
        }
    }

    private static byte[] bytes(MimeMessage message) throws IOException, MessagingException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(1024, message.getSize()));
        message.writeTo(out);
        return out.toByteArray();
    }
}
