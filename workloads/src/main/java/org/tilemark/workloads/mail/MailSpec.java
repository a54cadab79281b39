package org.tilemark.workloads.mail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.tilemark.config.OptionalValue;
import org.tilemark.config.ImmutableCopies;
import org.tilemark.config.TileScale;
import org.tilemark.config.Messages;
import org.tilemark.config.Secrets;
import org.tilemark.config.DataSizes;
import org.tilemark.config.QosSpec;
import org.tilemark.config.MayHoldCredentials;

/**
 * The mail workload of a tile: LoadGen-like users acting on their mailboxes over SMTP and IMAP.
 * Never holds a password: resolve it with {@link Secrets#resolve} from {@code passwordEnv} or
 * {@code passwordFile} when connecting.
 *
 * @param enabled                   whether the workload runs
 * @param users                     mailboxes, and simulated users, per tile
 * @param minScaledUsers            the users a scaled tile keeps at least (all {@code users} if fewer): {@link #atScale}
 * @param smtpUrl                   empty for the embedded GreenMail in the tile's mail VM, else {@code smtp://host:port}
 * @param imapUrl                   empty, or {@code imap://host:port}; empty exactly when {@code smtpUrl} is
 * @param passwordEnv               name of the environment variable holding the mailbox password
 * @param passwordFile              file holding the mailbox password, or null
 * @param tasksPerUserPerDay        actions one user performs in one {@code workday}
 * @param workday                   the simulated day over which a user performs {@code tasksPerUserPerDay}
 * @param acceleration              how many times faster than real time the day runs
 * @param actionMix                 action name (one of {@link #ACTIONS}) to relative weight
 * @param messageSizes              message size ({@link DataSizes} syntax, e.g. {@code 2KB}) to relative weight
 * @param messagesPerMailbox        messages each mailbox holds at least when the template is built
 * @param mailboxSize               content each mailbox holds at least when the template is built ({@link DataSizes}
 *                                  syntax; the sum of its messages' RFC 822 sizes): {@link #mailboxBytes}
 * @param meanRecipients            a sent message has this many recipients on average (MMB: 4.7), at least 1
 * @param deliverySamplePercent     share of sent messages whose delivery is tracked, in percent
 * @param referenceActionsPerMinute per-tile throughput that normalizes to a score of 1.0
 * @param qos                       quality-of-service limits, keyed by action
 * @param requestTimeout            how long one SMTP or IMAP action may take before it counts as failed
 */
public record MailSpec(boolean enabled, int users, int minScaledUsers, @MayHoldCredentials String smtpUrl, @MayHoldCredentials String imapUrl,
        String passwordEnv, @OptionalValue Path passwordFile, double tasksPerUserPerDay, Duration workday, double acceleration,
        Map<String, Double> actionMix, Map<String, Double> messageSizes, int messagesPerMailbox, String mailboxSize, double meanRecipients,
        double deliverySamplePercent, double referenceActionsPerMinute, QosSpec qos, Duration requestTimeout) {

    /** The actions {@code actionMix} may weight, in their conventional order. */
    public static final List<String> ACTIONS = List.of("logon", "send", "read", "move", "delete", "search", "browse");

    // Only host:port is valid, but a URL may still carry a credential someone typed into it; never print it.

    public MailSpec {
        actionMix = ImmutableCopies.ofMap(actionMix);
        messageSizes = ImmutableCopies.ofMap(messageSizes);
    }

    /**
     * The offered load per tile: {@code users x tasksPerUserPerDay x acceleration / workday} in minutes
     * (330.9 with the defaults).
     */
    public double targetActionsPerMinute() {
        double workdayMinutes = workday.toNanos() / 60e9;
        return users * tasksPerUserPerDay * acceleration / workdayMinutes;
    }

    /**
     * This workload at {@code scale}: users (mailboxes) and reference scaled together ({@link TileScale}), the users
     * never below {@code minScaledUsers} (4 by default, of the standard tile's 34). With the MMB profile a user
     * sends about 0.9 messages a minute and checks the inbox about 0.7 times: at the quick profile's scale 2 users
     * gave a 60 s phase 1 or 2 sends for its send p95, and a run's 60 actions could not show the profile's mix
     * (check inbox 4.5 times a run: 4 or 5 is about 10 % off either way). 4 give 3 to 4 sends a phase and every
     * action within 10 % of its share over a run. The reference follows the users, so the score does not move.
     */
    MailSpec atScale(double scale) {
        int scaled = TileScale.users(users, scale, minScaledUsers);
        return new MailSpec(enabled, scaled, minScaledUsers, smtpUrl, imapUrl, passwordEnv, passwordFile,
                tasksPerUserPerDay, workday, acceleration, actionMix, messageSizes, messagesPerMailbox, mailboxSize, meanRecipients,
                deliverySamplePercent, TileScale.reference(referenceActionsPerMinute, users, scaled), qos, requestTimeout);
    }

    /** {@code mailboxSize} in bytes: a tile's mailbox, the same at every {@code run.tileScale} (which scales users, not data). */
    public long mailboxBytes() {
        return DataSizes.parseBytes(mailboxSize);
    }

    /** The SMTP URL with any embedded user info replaced by {@code ***}. */
    public String redactedSmtpUrl() {
        return redact(smtpUrl);
    }

    /** The IMAP URL with any embedded user info replaced by {@code ***}. */
    public String redactedImapUrl() {
        return redact(imapUrl);
    }

    static String redact(String url) {
        return Messages.redact(url);
    }

    @Override
    public String toString() {
        return "MailSpec[enabled=" + enabled + ", users=" + users + ", smtpUrl=" + redactedSmtpUrl()
                + ", imapUrl=" + redactedImapUrl() + ", passwordEnv=" + passwordEnv + ", passwordFile=" + passwordFile
                + ", tasksPerUserPerDay=" + tasksPerUserPerDay + ", workday=" + workday
                + ", acceleration=" + acceleration + ", actionMix=" + actionMix + ", messageSizes=" + messageSizes
                + ", messagesPerMailbox=" + messagesPerMailbox + ", mailboxSize=" + mailboxSize + ", meanRecipients=" + meanRecipients
                + ", deliverySamplePercent=" + deliverySamplePercent
                + ", referenceActionsPerMinute=" + referenceActionsPerMinute + ", qos=" + qos
                + ", requestTimeout=" + requestTimeout + "]";
    }
}
