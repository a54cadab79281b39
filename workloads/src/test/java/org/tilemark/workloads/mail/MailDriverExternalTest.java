package org.tilemark.workloads.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Session;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.nio.file.Path;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.junit.jupiter.api.parallel.Isolated;

/** The driver against an external server that knows nothing of Tilemark but its users: GreenMail, and Postfix with Dovecot. */
@Isolated // its load must show every action in a few seconds
class MailDriverExternalTest {

    private static final String PASSWORD = "External-Mail-Pw-3";
    private static final int USERS = 5;

    @Test
    void everyActionRunsWithoutErrorsAndSampledMailIsDelivered() throws Exception {
        GreenMail server = new GreenMail(new ServerSetup[]{new ServerSetup(0, "127.0.0.1", "smtp"),
                new ServerSetup(0, "127.0.0.1", "imap")});
        server.start();
        try {
            MessageFactory factory = new MessageFactory(Session.getInstance(new Properties()));
            SplittableRandom random = new SplittableRandom(5);
            for (int u = 1; u <= USERS; u++) {
                GreenMailUser user = server.setUser(MailUsers.address(u), MailUsers.login(u), PASSWORD);
                for (int m = 0; m < 15; m++) { // enough INBOX for moves and deletes
                    user.deliver(factory.create(MailUsers.address(1 + random.nextInt(USERS)), List.of(user.getEmail()),
                            factory.subject(random), 2048, random, Instant.now()));
                }
            }
            driveEveryAction("GreenMail", server.getSmtp().getPort(), server.getImap().getPort());
        } finally {
            server.stop();
        }
    }

    /** The same driver against a Postfix and Dovecot instance of the mail role (its seeded mailboxes: 30 messages each). */
    @Test
    void everyActionRunsWithoutErrorsAgainstPostfixAndDovecot(@TempDir Path dir) throws Exception {
        assumeThat(PostfixDovecot.unavailable()).as("Postfix and Dovecot runnable here").isEmpty();
        GuestContext context = new GuestContext(dir.resolve("disk"), Map.of("mail.users", Integer.toString(USERS), "mail.seed", "5",
                "mail.messagesPerMailbox", "30", MailServerKind.SETTING, MailServerKind.POSTFIX_DOVECOT.key()),
                Map.of(MailRole.PASSWORD_ENV, PASSWORD));
        MailRole role = new MailRole();
        role.buildTemplate(context);
        try (RunningGuest server = role.start(context)) {
            driveEveryAction("Postfix and Dovecot", server.ports().get("smtp"), server.ports().get("imap"));
        }
    }

    private static void driveEveryAction(String serverName, int smtpPort, int imapPort) throws Exception {
        BenchmarkSpec spec = MailWorkloadTest.spec(Map.of(
                "workloads.mail.smtpUrl", "smtp://127.0.0.1:" + smtpPort,
                "workloads.mail.imapUrl", "imap://127.0.0.1:" + imapPort,
                "workloads.mail.users", Integer.toString(USERS),
                "workloads.mail.acceleration", "1500",
                "workloads.mail.deliverySamplePercent", "50",
                // MMB weighs logon and search 0; this test exercises every action the driver has.
                "workloads.mail.actionMix.logon", "6", "workloads.mail.actionMix.search", "10"));
        MailWorkload workload = new MailWorkload();
        SecretSource secrets = (name, env, file) -> PASSWORD;
        workload.prepare(1, spec, secrets);

        IntervalSnapshot snapshot;
        long runNanos;
        String exchanges;
        try (WorkloadDriver driver = workload.driver(new DriverContext(1, spec, Map.of(), 42, secrets))) {
            long start = System.nanoTime();
            driver.start(DriverStart.of(Instant.now()));
            Thread.sleep(Duration.ofSeconds(5));
            snapshot = driver.snapshot();
            runNanos = System.nanoTime() - start;
            exchanges = ((MailDriver) driver).exchangesSummary();
        }

        System.out.printf("mail driver against " + serverName + ", %d users at acceleration 1500: %d actions in %.1f s = %.1f actions/s, "
                        + "target %.1f/s; deliveries found %d%n", USERS, snapshot.measure().completed(), runNanos / 1e9,
                snapshot.measure().completed() / (runNanos / 1e9), workload.targetThroughput(spec) / 60,
                snapshot.measure().latencyNanos().get(DeliveryChecker.OPERATION).getTotalCount());
        assertThat(snapshot.measure().latencyNanos()).containsKeys(MailSpec.ACTIONS.toArray(String[]::new))
                .containsKey(DeliveryChecker.OPERATION);
        assertThat(snapshot.measure().errorsByOperation()).isEmpty();
        assertThat(snapshot.measure().errors()).isZero();
        assertThat(snapshot.measure().completed()).isPositive();
        long timed = MailSpec.ACTIONS.stream().mapToLong(a -> snapshot.measure().latencyNanos().get(a).getTotalCount()).sum();
        assertThat(timed).as("every completed action is timed under its name").isEqualTo(snapshot.measure().completed());
        assertThat(snapshot.measure().attempts()).isGreaterThanOrEqualTo(snapshot.measure().completed());
        assertThat(snapshot.measure().latencyNanos().get(DeliveryChecker.OPERATION).getTotalCount()).isPositive();
        // Every action is at least one command answered, a logon or a sent message several.
        Matcher counted = Pattern.compile("(\\d+) mail actions made (\\d+) protocol exchanges").matcher(exchanges);
        assertThat(counted.find()).as(exchanges).isTrue();
        assertThat(Long.parseLong(counted.group(1))).as(exchanges).isGreaterThanOrEqualTo(snapshot.measure().attempts());
        assertThat(Long.parseLong(counted.group(2))).as(exchanges).isGreaterThan(Long.parseLong(counted.group(1)));
    }
}
