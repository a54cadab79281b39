package org.tilemark.workloads.mail;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.store.MailFolder;
import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.user.UserException;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Flags;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.guest.GuestContext;

/**
 * The stand-in where Postfix and Dovecot cannot run (not installed, or not root): GreenMail serving SMTP and IMAP, its
 * mailboxes held in memory and kept on the VM's disk by {@link GreenMailStore} ({@code mailstore/}), saved every
 * {@link #SAVE_INTERVAL} and at stop: a crash loses up to that much acknowledged mail, so a run on it is not publishable.
 */
final class GreenMailStandIn {

    static final Duration SAVE_INTERVAL = Duration.ofSeconds(30);
    private static final Logger LOG = LoggerFactory.getLogger(GreenMailStandIn.class);

    private GreenMailStandIn() {
    }

    static MailStoreFiles store(GuestContext context) {
        return new MailStoreFiles(context.disk().resolve("mailstore"));
    }

    /**
     * Writes the seeded mailboxes into GreenMail's store on the disk, their recent messages alone: GreenMail holds every
     * message in the guest's heap, where a tile's mailboxes at {@code mailboxBytes} would not fit.
     */
    static SeedMail.Written seed(GuestContext context, SeedMail seed, String password) throws Exception {
        if (seed.mailboxBytes() > 0) {
            LOG.warn("mail: the GreenMail stand-in holds mail in memory; its mailboxes get their {} recent messages, not {} bytes each",
                    seed.perMailbox(), seed.mailboxBytes());
        }
        Managers managers = new Managers();
        List<GreenMailUser> accounts = createUsers(managers, seed.users(), password);
        Map<String, GreenMailUser> byLogin = new HashMap<>();
        accounts.forEach(a -> byLogin.put(a.getLogin(), a));
        SeedMail.Written written = seed.recentOnly().writeTo(new SeedMail.Sink() {
            @Override
            public void folder(String login, String folder) throws Exception {
                if (!SeedMail.INBOX.equals(folder)) {
                    managers.getImapHostManager().createMailbox(byLogin.get(login), folder);
                }
            }

            @Override
            public long message(String login, String folder, MimeMessage message, boolean seen, Instant received) throws Exception {
                GreenMailUser user = byLogin.get(login);
                MailFolder target = SeedMail.INBOX.equals(folder) ? managers.getImapHostManager().getInbox(user)
                        : managers.getImapHostManager().getFolder(user, folder);
                target.appendMessage(message, seen ? new Flags(Flags.Flag.SEEN) : new Flags(), Date.from(received));
                ByteArrayOutputStream content = new ByteArrayOutputStream();
                message.writeTo(content);
                return content.size();
            }
        });
        new GreenMailStore(store(context)).save(managers, accounts);
        return written;
    }

    static RunningMailServer start(GuestContext context, int users, String password) throws Exception {
        String bind = context.bindAddress();
        GreenMail greenMail = new GreenMail(new ServerSetup[]{
                new ServerSetup(0, bind, ServerSetup.PROTOCOL_SMTP), new ServerSetup(0, bind, ServerSetup.PROTOCOL_IMAP)});
        List<GreenMailUser> accounts = createUsers(greenMail.getManagers(), users, password);
        GreenMailStore store = new GreenMailStore(store(context));
        int restored = store.restore(greenMail.getManagers());
        greenMail.start();
        RunningMailServer running = new RunningMailServer(greenMail, store, accounts, SAVE_INTERVAL);
        LOG.info("mail: GreenMail stand-in, {} users, {} messages restored; SMTP on {}:{}, IMAP on {}:{}", users, restored, bind,
                running.ports().get("smtp"), bind, running.ports().get("imap"));
        return running;
    }

    private static List<GreenMailUser> createUsers(Managers managers, int users, String password) throws UserException {
        List<GreenMailUser> accounts = new ArrayList<>();
        for (int i = 1; i <= users; i++) {
            accounts.add(managers.getUserManager().createUser(MailUsers.address(i), MailUsers.login(i), password));
        }
        return accounts;
    }

    /** The ports GreenMail bound (dynamic unless configured). */
    static Map<String, Integer> ports(GreenMail greenMail) {
        return Map.of("smtp", greenMail.getSmtp().getPort(), "imap", greenMail.getImap().getPort());
    }
}
