package org.tilemark.workloads.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.ScheduleLagRule;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.WorkloadConfigException;
import org.tilemark.workloads.Workloads;

class MailWorkloadTest {

    private static final String PASSWORD = "Mail-Workload-Pw-9";

    private final MailWorkload workload = new MailWorkload();
    private final SecretSource secrets = (name, env, file) -> {
        assertThat(name).isEqualTo("mail-password");
        assertThat(env).isEqualTo("TILEMARK_MAIL_PASSWORD");
        return PASSWORD;
    };

    static BenchmarkSpec spec(Map<String, String> overrides) throws Exception {
        return ConfigLoader.load(Optional.empty(), overrides);
    }

    @Test
    void oneMailVmPerTileWithItsTemplateIdentityAndThePasswordOnlyInTheEnvironment() throws Exception {
        List<VmRequest> vms = workload.vms(2, spec(Map.of("run.seed", "11")), secrets);

        assertThat(vms).hasSize(1);
        VmRequest vm = vms.getFirst();
        assertThat(vm.name()).isEqualTo("tile2-mail");
        assertThat(vm.role()).isEqualTo("mail");
        assertThat(vm.templateInfo()).containsEntry("mail.users", "34").containsEntry("mail.seed", "11")
                .containsEntry("mail.messagesPerMailbox", "40").containsEntry("mail.mailboxBytes", "10485760")
                .containsEntry("mail.schema", "1")
                .containsEntry("mail.sizes", "1024:60,2048:16,4096:4,10240:6,15360:4,16384:4,44032:2,102400:4")
                .containsEntry("mail.password.digest", org.tilemark.workloads.SecretDigest.of(PASSWORD));
        assertThat(vm.settings()).containsEntry("mail.sizes", MailRole.DEFAULT_SIZES)
                .doesNotContainKeys("mail.password.digest", "mail.schema").hasSize(5);
        assertThat(vm.secrets()).isEqualTo(Map.of("TILEMARK_MAIL_PASSWORD", PASSWORD));
        assertThat(vm.toString()).doesNotContain(PASSWORD);
        assertThat(vm.templateInfo().values()).noneMatch(v -> v.contains(PASSWORD));
    }

    @Test
    void defaultsOfferTheMmbProfilesActionsAgainstAnEqualReference() throws Exception {
        BenchmarkSpec spec = spec(Map.of());

        // 34 users x 155.7 MMB actions a day x 30 / 480 minutes: VMmark 2's ~5.3 mail actions/s a tile
        assertThat(workload.targetThroughput(spec)).isCloseTo(330.8625, within(1e-9));
        assertThat(workload.reference(spec)).isEqualTo(330.8625);
        assertThat(workload.metricUnit()).isEqualTo("actions/min");
        assertThat(workload.metricPeriod()).isEqualTo(Duration.ofMinutes(1));
        assertThat(MailDriver.acceleratedDay(spec.workloads().section(MailSpec.class))).isEqualTo(Duration.ofMinutes(16)); // 8 h / 30
        assertThat(workload.qosRules(spec)).containsExactly(
                new PercentileRule("send", 95, Duration.ofMillis(500)),
                new FailureRateRule(0.5, false),
                new ScheduleLagRule(Duration.ofSeconds(2)));
    }

    @Test
    void isFoundByServiceLoaderAndCanBeDisabled() throws Exception {
        assertThat(Workloads.enabled(spec(Map.of()))).anyMatch(w -> w.name().equals("mail"));
        assertThat(Workloads.enabled(spec(Map.of("workloads.mail.enabled", "false")))).noneMatch(w -> w.name().equals("mail"));
    }

    @Test
    void anExternalServerNeedsNoVmAndPrepareChecksItsPortsAndPassword() throws Exception {
        GreenMail server = new GreenMail(new ServerSetup[]{new ServerSetup(0, "127.0.0.1", "smtp"),
                new ServerSetup(0, "127.0.0.1", "imap")});
        server.start();
        try {
            server.setUser(MailUsers.address(1), MailUsers.login(1), PASSWORD);
            String smtp = "smtp://127.0.0.1:" + server.getSmtp().getPort();
            String imap = "imap://127.0.0.1:" + server.getImap().getPort();
            BenchmarkSpec good = spec(Map.of("workloads.mail.smtpUrl", smtp, "workloads.mail.imapUrl", imap));

            assertThat(workload.vms(1, good, secrets)).isEmpty();
            workload.prepare(1, good, secrets);

            int closedPort;
            try (ServerSocket socket = new ServerSocket(0)) {
                closedPort = socket.getLocalPort();
            }
            BenchmarkSpec wrongPort = spec(Map.of("workloads.mail.smtpUrl", "smtp://127.0.0.1:" + closedPort,
                    "workloads.mail.imapUrl", imap));
            assertThatThrownBy(() -> workload.prepare(1, wrongPort, secrets))
                    .isInstanceOfSatisfying(WorkloadConfigException.class, e -> {
                        assertThat(e.key()).isEqualTo("workloads.mail.smtpUrl");
                        assertThat(e.getMessage()).contains("cannot connect to 127.0.0.1:" + closedPort).doesNotContain("\n");
                    });

            SecretSource wrongPassword = (name, env, file) -> PASSWORD + "-wrong";
            assertThatThrownBy(() -> workload.prepare(1, good, wrongPassword))
                    .isInstanceOfSatisfying(WorkloadConfigException.class, e -> {
                        assertThat(e.key()).isEqualTo("workloads.mail.passwordEnv");
                        assertThat(e.getMessage()).contains("login as user0001 was refused").doesNotContain(PASSWORD);
                    });
        } finally {
            server.stop();
        }
    }
}
