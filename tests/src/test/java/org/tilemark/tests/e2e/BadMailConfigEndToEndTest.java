package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigException;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;

/** Mail configuration that cannot work fails as bad input, names the key, and leaves nothing behind. */
class BadMailConfigEndToEndTest {

    @Test
    void unreachableMailServerIsBadInputBeforeAnythingIsDeployed() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0)) {
            closedPort = probe.getLocalPort();
        }
        Map<String, String> settings = E2e.settings("e2e-bad-mail");
        settings.put("workloads.mail.smtpUrl", "smtp://127.0.0.1:" + closedPort);
        settings.put("workloads.mail.imapUrl", "imap://127.0.0.1:" + closedPort);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunOutcome outcome = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of())
                .run(E2e.spec(settings));
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.BAD_INPUT);
        assertThat(printed.lines().filter(l -> l.startsWith("error:")).toList())
                .singleElement().asString().contains("workloads.mail.smtpUrl").contains(Integer.toString(closedPort));
        assertThat(Path.of(settings.get("run.results"))).doesNotExist();
        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).isEmpty();
    }

    @Test
    void zeroMailUsersIsRejectedWithTheKeyNamed() {
        Map<String, String> settings = E2e.settings("e2e-bad-mail-users");
        settings.put("workloads.mail.users", "0");
        try {
            E2e.spec(settings);
            throw new AssertionError("0 mail users was accepted");
        } catch (ConfigException e) {
            assertThat(e.errors()).anyMatch(error -> error.startsWith("workloads.mail.users:"));
        }
    }
}
