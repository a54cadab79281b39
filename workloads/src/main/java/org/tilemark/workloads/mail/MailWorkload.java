package org.tilemark.workloads.mail;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.scoring.ScheduleLagRule;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.SecretDigest;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadConfigException;
import org.tilemark.workloads.WorkloadDriver;

/**
 * Mail in the LoadGen tradition: each tile's users log on, send, read, move, delete, search and
 * browse mail over SMTP and IMAP, scored in mail actions per minute. The server is the tile's
 * {@code mail} VM (GreenMail, {@link MailRole}) unless {@code smtpUrl}/{@code imapUrl} point at an
 * external one, which must already hold the accounts {@code user0001..userNNNN@tilemark.test} (as
 * many as {@code users}), all with the configured password, each with an INBOX.
 */
public final class MailWorkload implements Workload {

    /** The operation the mail workload's QoS hinges on: the progress line's and the report's headline. */
    static final String HEADLINE = "send";

    /**
     * JVM-wide settings the mail driver runs best with, for the process's entry point to set where the user
     * has not. Jakarta Mail 2.1 finds its stream provider through a ServiceLoader scan of the class path's
     * jars every time a message or body part is written (a fifth of the mail driver's CPU in
     * bench/driver-cost); named in its system property, the API instantiates that class directly. It is
     * Angus Mail's own provider, the one the scan finds anyway.
     */
    public static final Map<String, String> SYSTEM_PROPERTIES =
            Map.of("jakarta.mail.util.StreamProvider", "org.eclipse.angus.mail.util.MailStreamProvider");

    static final String SCHEMA_VERSION = "1";
    /** The account {@code prepare} logs in with to check an external server. */
    static final String PROBE_USER = MailUsers.login(1);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);


    @Override
    public String name() {
        return "mail";
    }

    @Override
    public boolean enabled(BenchmarkSpec spec) {
        return spec.workloads().section(MailSpec.class).enabled();
    }

    static String vmName(int tile) {
        return "tile" + tile + "-mail";
    }

    @Override
    public List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets) {
        MailSpec mail = spec.workloads().section(MailSpec.class);
        if (MailEndpoints.external(mail)) {
            return List.of();
        }
        String password = password(mail, secrets);
        Map<String, String> data = new HashMap<>();
        data.put("mail.users", Integer.toString(mail.users()));
        data.put("mail.seed", Long.toString(spec.run().seed()));
        data.put("mail.messagesPerMailbox", Integer.toString(mail.messagesPerMailbox()));
        data.put("mail.mailboxBytes", Long.toString(mail.mailboxBytes()));
        data.put("mail.sizes", MailSizes.canonical(MailSizes.fromSpec(mail.messageSizes())));
        Map<String, String> template = new HashMap<>(data);
        template.put("mail.schema", SCHEMA_VERSION);
        template.put("mail.password.digest", SecretDigest.of(password));
        return List.of(new VmRequest(vmName(tile), MailRole.NAME, template, data, Map.of(MailRole.PASSWORD_ENV, password)));
    }

    /** With an external server: logs in to its SMTP and IMAP as {@code user0001} before anything is deployed. */
    @Override
    public void prepare(int tile, BenchmarkSpec spec, SecretSource secrets) throws WorkloadConfigException {
        MailSpec mail = spec.workloads().section(MailSpec.class);
        if (!MailEndpoints.external(mail)) {
            return;
        }
        MailEndpoints endpoints = new MailEndpoints(urlAddress(mail.smtpUrl(), "smtp", 25),
                urlAddress(mail.imapUrl(), "imap", 143), "external");
        Duration timeout = PROBE_TIMEOUT.compareTo(mail.requestTimeout()) < 0 ? PROBE_TIMEOUT : mail.requestTimeout();
        MailSessions.checkLogin(endpoints, PROBE_USER, password(mail, secrets), timeout);
    }

    private static InetSocketAddress urlAddress(String url, String scheme, int port) throws WorkloadConfigException {
        try {
            return MailEndpoints.address(url, scheme, port);
        } catch (IllegalArgumentException e) {
            throw new WorkloadConfigException("workloads.mail." + scheme + "Url", e.getMessage());
        }
    }

    private static String password(MailSpec mail, SecretSource secrets) {
        return secrets.secret("mail-password", mail.passwordEnv(), mail.passwordFile());
    }

    @Override
    public WorkloadDriver driver(DriverContext context) {
        return new MailDriver(context, MailEndpoints.of(context), password(context.spec().workloads().section(MailSpec.class), context.secrets()));
    }

    @Override
    public boolean completesUnit(String operation) {
        return !DeliveryChecker.OPERATION.equals(operation); // delivery checks watch the server, they are not user actions
    }

    @Override
    public boolean failsUnit(String operation) {
        return completesUnit(operation);
    }

    @Override
    public String headlineOperation() {
        return HEADLINE;
    }

    @Override
    public String metricUnit() {
        return "actions/min";
    }

    @Override
    public Duration metricPeriod() {
        return Duration.ofMinutes(1);
    }

    /** Open loop: every user performs {@code tasksPerUserPerDay} over a workday shortened by {@code acceleration}. */
    @Override
    public double targetThroughput(BenchmarkSpec spec) {
        MailSpec mail = spec.workloads().section(MailSpec.class);
        return mail.users() * mail.tasksPerUserPerDay() * mail.acceleration() / (mail.workday().toNanos() / 60e9);
    }

    @Override
    public double reference(BenchmarkSpec spec) {
        return spec.workloads().section(MailSpec.class).referenceActionsPerMinute();
    }

    @Override
    public List<QosRule> qosRules(BenchmarkSpec spec) {
        MailSpec mail = spec.workloads().section(MailSpec.class);
        List<QosRule> rules = new ArrayList<>();
        mail.qos().limits().forEach((action, limit) -> rules.add(new PercentileRule(action, mail.qos().percentile(), limit)));
        rules.add(new FailureRateRule(mail.qos().maxFailurePercent(), false));
        rules.add(new ScheduleLagRule(mail.qos().maxScheduleLagP99()));
        return rules;
    }
}
