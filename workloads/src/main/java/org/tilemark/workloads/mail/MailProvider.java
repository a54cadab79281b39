package org.tilemark.workloads.mail;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.DataSizes;
import org.tilemark.config.MachineChecks;
import org.tilemark.config.Messages;
import org.tilemark.config.SectionChecks;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.VmSize;
import org.tilemark.workloads.YamlDefaultsProvider;

/** The mail workload as one package: its section {@code workloads.mail} (defaults in {@code defaults.yaml} beside it). */
public final class MailProvider extends YamlDefaultsProvider<MailSpec> {

    /** VMmark 2's mail server: 4 vCPU / 8 GB; its disk bounds the mailboxes a tile's template can hold. */
    static final VmSize MAIL_VM = new VmSize(4, 8192, 40);

    /** The mail VM, its SMTP and IMAP services each an endpoint. */
    public MailProvider() {
        super("mail", MailSpec.class, MailWorkload::new);
    }

    @Override
    public List<RoleTemplate> roles() {
        return List.of(new RoleTemplate(MailRole.NAME, "Mail server", MAIL_VM, List.of("smtp", "imap"), false, true));
    }

    @Override
    public void validate(MailSpec mail, SectionChecks checks) {
        checks.atLeast("users", mail.users(), 1);
        checks.atLeast("minScaledUsers", mail.minScaledUsers(), 1);
        urls(mail, checks);
        checks.positive("tasksPerUserPerDay", mail.tasksPerUserPerDay());
        checks.positive("workday", mail.workday());
        checks.positive("acceleration", mail.acceleration());
        if (checks.usable("actionMix")) {
            checks.knownKeys("actionMix", "action", mail.actionMix().keySet(), MailSpec.ACTIONS);
            checks.weights("actionMix", mail.actionMix());
        }
        messageSizes(mail.messageSizes(), checks);
        checks.atLeast("messagesPerMailbox", mail.messagesPerMailbox(), 0);
        mailboxSize(mail, checks);
        checks.atLeast("meanRecipients", mail.meanRecipients(), 1.0);
        checks.positive("referenceActionsPerMinute", mail.referenceActionsPerMinute());
        checks.qos("qos", mail.qos());
        checks.knownKeys("qos.limits", "action", mail.qos().limits().keySet(), MailSpec.ACTIONS);
        checks.positive("requestTimeout", mail.requestTimeout());
    }

    /** Both empty (the embedded server) or both set to {@code scheme://host:port}. */
    private static void urls(MailSpec mail, SectionChecks checks) {
        if (!checks.usable("smtpUrl") || !checks.usable("imapUrl")) {
            return;
        }
        boolean smtpSet = !mail.smtpUrl().isBlank();
        boolean imapSet = !mail.imapUrl().isBlank();
        if (smtpSet && !imapSet) {
            checks.error("imapUrl", "must be set when smtpUrl is");
        } else if (imapSet && !smtpSet) {
            checks.error("smtpUrl", "must be set when imapUrl is");
        }
        if (smtpSet) {
            hostPortUrl("smtpUrl", "smtp", mail.smtpUrl(), checks);
        }
        if (imapSet) {
            hostPortUrl("imapUrl", "imap", mail.imapUrl(), checks);
        }
    }

    private static void hostPortUrl(String key, String scheme, String url, SectionChecks checks) {
        Optional<URI> uri = uri(url);
        boolean valid = uri.filter(u -> scheme.equalsIgnoreCase(u.getScheme()) && u.getHost() != null
                && u.getUserInfo() == null && u.getPort() >= 1 && u.getPort() <= 65535
                && (u.getRawPath() == null || u.getRawPath().isEmpty() || u.getRawPath().equals("/"))
                && u.getRawQuery() == null && u.getRawFragment() == null).isPresent();
        if (!valid) {
            // Echo the redacted form: a URL may carry a password.
            String credentials = uri.map(URI::getRawUserInfo).isPresent()
                    ? "; put no credentials in it, use passwordEnv or passwordFile" : "";
            checks.error(key, "expected " + scheme + "://host:port with a port of 1..65535" + credentials
                    + " (got '" + MailSpec.redact(url) + "')");
        }
    }

    private static Optional<URI> uri(String url) {
        try {
            return Optional.of(new URI(url.strip()));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static void messageSizes(Map<String, Double> messageSizes, SectionChecks checks) {
        if (!checks.usable("messageSizes")) {
            return;
        }
        for (String size : messageSizes.keySet()) {
            long bytes;
            try {
                bytes = DataSizes.parseBytes(size);
            } catch (IllegalArgumentException e) {
                checks.error("messageSizes", "invalid size '" + Messages.clip(size) + "' (expected " + DataSizes.SYNTAX
                        + ", in whole bytes)");
                continue;
            }
            if (bytes < 1) {
                checks.error("messageSizes", "size '" + Messages.clip(size) + "' must be at least 1 byte");
            }
        }
        checks.weights("messageSizes", messageSizes);
    }

    /** A size, and the tile's mailboxes (most at tile scale 1) must fit the mail VM's disk. */
    private static void mailboxSize(MailSpec mail, SectionChecks checks) {
        if (!checks.usable("mailboxSize")) {
            return;
        }
        long bytes;
        try {
            bytes = mail.mailboxBytes();
        } catch (IllegalArgumentException e) {
            checks.error("mailboxSize", "invalid size '" + Messages.clip(mail.mailboxSize()) + "' (expected "
                    + DataSizes.SYNTAX + ", in whole bytes)");
            return;
        }
        long diskBytes = (long) MAIL_VM.diskGb() << 30;
        if (mail.users() >= 1 && bytes > diskBytes / mail.users()) {
            // both keys named: either one may be the value to change
            checks.error("mailboxSize", mail.users() + " mailboxes (" + checks.path("users") + ") of " + DataSizes.format(bytes)
                    + " do not fit the mail VM's " + MAIL_VM.diskGb() + " GB disk (at most "
                    + DataSizes.format(diskBytes / mail.users()) + " each)");
        }
    }

    @Override
    public MailSpec atScale(MailSpec section, double scale) {
        return section.atScale(scale);
    }

    @Override
    public Map<String, Integer> users(MailSpec section) {
        return Map.of("users", section.users());
    }

    @Override
    public void checkMachine(MailSpec section, MachineChecks checks) {
        checks.secretFile("passwordFile", section.passwordFile());
    }

    /** SMTP first, then IMAP: one server is usually both, so a command says only the first that does not answer. */
    @Override
    public List<ExternalServer> externalServers(MailSpec section) {
        List<ExternalServer> servers = new ArrayList<>();
        if (section.enabled() && !section.smtpUrl().isBlank()) {
            server("smtpUrl", section.smtpUrl()).ifPresent(servers::add);
            server("imapUrl", section.imapUrl()).ifPresent(servers::add);
        }
        return servers;
    }

    private static Optional<ExternalServer> server(String key, String url) {
        return uri(url).filter(u -> u.getHost() != null && u.getPort() >= 1)
                .map(u -> new ExternalServer(key, u.getHost(), u.getPort()));
    }

    @Override
    public void upgradeSnapshot(ObjectNode mail) {
        // maxRecipients m drew 1..m recipients uniformly: the same draw as meanRecipients (1 + m) / 2.
        if (mail.path("maxRecipients").isNumber() && !mail.has("meanRecipients")) {
            mail.put("meanRecipients", (1 + mail.remove("maxRecipients").asDouble()) / 2);
        }
        // Before mailboxSize a mailbox was seeded with messagesPerMailbox messages alone: no size to reach.
        if (!mail.has("mailboxSize")) {
            mail.put("mailboxSize", "0B");
        }
        // Before minScaledUsers a scaled tile's mail ran round(users x scale) users, at least 1.
        if (!mail.has("minScaledUsers")) {
            mail.put("minScaledUsers", 1);
        }
    }

    /** The server and its credentials are the tester's; minScaledUsers acts only at a run.tileScale other than 1. */
    @Override
    public Publishing publishing() {
        return new Publishing(List.of("smtpUrl", "imapUrl", "passwordEnv", "passwordFile", "minScaledUsers"), List.of(), List.of());
    }

    @Override
    public View view() {
        return new View(Optional.of(MailWorkload.HEADLINE), Optional.empty(), Optional.empty());
    }
}
