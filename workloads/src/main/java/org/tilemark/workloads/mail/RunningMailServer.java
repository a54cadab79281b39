package org.tilemark.workloads.mail;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.util.GreenMail;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.templates.guest.GuestServer;

/**
 * A serving mail VM. Saves the mailboxes every {@code saveInterval} (a crash loses at most that
 * much mail) and once more on close, after the servers stopped accepting work. GreenMail drops its
 * stores on stop, so this keeps its own reference to them for that last save.
 */
final class RunningMailServer implements MailGuest {

    private static final Logger LOG = LoggerFactory.getLogger(RunningMailServer.class);

    private final GreenMail greenMail;
    private final Managers managers;
    private final GreenMailStore store;
    private final List<GreenMailUser> users;
    private final Map<String, Integer> ports;
    private final ScheduledExecutorService saver;

    RunningMailServer(GreenMail greenMail, GreenMailStore store, List<GreenMailUser> users, Duration saveInterval) {
        this.greenMail = greenMail;
        this.managers = greenMail.getManagers();
        this.store = store;
        this.users = List.copyOf(users);
        this.ports = GreenMailStandIn.ports(greenMail);
        this.saver = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "mail-store-saver");
            thread.setDaemon(true);
            return thread;
        });
        saver.scheduleWithFixedDelay(this::saveQuietly, saveInterval.toMillis(), saveInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public Optional<GuestServer> server() {
        return Optional.of(MailServerKind.GREENMAIL.server());
    }

    @Override
    public Map<String, Integer> ports() {
        return ports;
    }

    /** Saves now; what the periodic saver and close do. */
    GreenMailStore.SaveStats save() throws Exception {
        return store.save(managers, users);
    }

    private void saveQuietly() {
        try {
            GreenMailStore.SaveStats stats = save();
            LOG.debug("mail store saved: {} messages, {} new files, {} removed", stats.messages(), stats.newFiles(),
                    stats.removedFiles());
        } catch (Exception e) {
            LOG.warn("mail store save failed (will retry): {}", e.toString());
        }
    }

    @Override
    public void close() throws Exception {
        saver.shutdown();
        saver.awaitTermination(30, TimeUnit.SECONDS);
        greenMail.stop();
        GreenMailStore.SaveStats stats = save();
        LOG.info("mail store saved on stop: {} messages", stats.messages());
    }
}
