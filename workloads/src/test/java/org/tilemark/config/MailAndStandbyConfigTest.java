package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.mail.MailSpec;
import org.tilemark.workloads.standby.StandbySpec;

class MailAndStandbyConfigTest {

    @TempDir
    Path dir;

    @Test
    void mapSettingsMergePerKey() throws Exception {
        Path file = write("""
                workloads:
                  mail:
                    actionMix: {send: 20, search: 0}
                    messageSizes: {1.5MB: 2}
                    qos:
                      limits: {read: 1s}
                """);

        MailSpec mail = ConfigLoader.load(Optional.of(file), Map.of()).workloads().section(MailSpec.class);

        assertThat(mail.actionMix()).containsEntry("send", 20.0).containsEntry("read", 81.0)
                .containsEntry("search", 0.0).hasSize(7);
        assertThat(mail.messageSizes()).containsEntry("1.5MB", 2.0).containsEntry("2KB", 16.0).hasSize(9);
        assertThat(mail.qos().limits()).containsEntry("send", Duration.ofMillis(500))
                .containsEntry("read", Duration.ofSeconds(1));
    }

    @Test
    void overridesReachMailAndStandbySettings() throws ConfigException {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of(
                "workloads.mail.users", "40", "workloads.mail.actionMix.send", "28",
                "workloads.mail.smtpUrl", "smtp://localhost:3025", "workloads.mail.imapUrl", "imap://[::1]:3143",
                "workloads.standby.timeout", "2500ms"));

        assertThat(spec.workloads().section(MailSpec.class).users()).isEqualTo(40);
        assertThat(spec.workloads().section(MailSpec.class).actionMix()).containsEntry("send", 28.0).hasSize(7);
        assertThat(spec.workloads().section(MailSpec.class).targetActionsPerMinute()).isCloseTo(389.25, within(1e-9));
        assertThat(spec.workloads().section(StandbySpec.class).timeout()).isEqualTo(Duration.ofMillis(2500));
    }

    @Test
    void rangeChecksCoverMailAndStandby() throws Exception {
        Path file = write("""
                workloads:
                  mail:
                    users: 0
                    tasksPerUserPerDay: 0
                    workday: 0s
                    acceleration: -1
                    actionMix: {sned: 3, read: -1, frobnicate: 1}
                    messageSizes: {2KB: -5, 2kib: 1, 0B: 1}
                    messagesPerMailbox: -1
                    meanRecipients: 0.5
                    deliverySamplePercent: 101
                    referenceActionsPerMinute: 0
                    qos: {percentile: 0, maxFailurePercent: -1, limits: {send: 0s}, maxScheduleLagP99: 0s}
                    requestTimeout: 0s
                  standby:
                    interval: 0s
                    timeout: -1s
                    minAnsweredPercent: 100.5
                """);

        assertThat(errorsOf(file)).containsExactlyInAnyOrder(
                "workloads.mail.users: must be >= 1 (got 0)",
                "workloads.mail.tasksPerUserPerDay: must be > 0 (got 0)",
                "workloads.mail.workday: must be > 0 (got 0s)",
                "workloads.mail.acceleration: must be > 0 (got -1)",
                "workloads.mail.actionMix.sned: unknown action 'sned' (did you mean 'send'?)",
                "workloads.mail.actionMix.frobnicate: unknown action 'frobnicate'"
                        + " (expected one of: logon, send, read, move, delete, search, browse)",
                "workloads.mail.actionMix.read: must be >= 0 (got -1)",
                "workloads.mail.messageSizes: invalid size '2kib' (expected a size like 512B, 2KB or 1.5MB, in whole bytes)",
                "workloads.mail.messageSizes: size '0B' must be at least 1 byte",
                "workloads.mail.messageSizes.2KB: must be >= 0 (got -5)",
                "workloads.mail.messagesPerMailbox: must be >= 0 (got -1)",
                "workloads.mail.meanRecipients: must be >= 1 (got 0.5)",
                "workloads.mail.deliverySamplePercent: must be between 0 and 100 (got 101)",
                "workloads.mail.referenceActionsPerMinute: must be > 0 (got 0)",
                "workloads.mail.qos.percentile: must be > 0 and < 100 (got 0)",
                "workloads.mail.qos.limits.send: must be > 0 (got 0s)",
                "workloads.mail.qos.maxFailurePercent: must be between 0 and 100 (got -1)",
                "workloads.mail.qos.maxScheduleLagP99: must be > 0 (got 0s)",
                "workloads.mail.requestTimeout: must be > 0 (got 0s)",
                "workloads.standby.interval: must be > 0 (got 0s)",
                "workloads.standby.timeout: must be > 0 (got -1s)",
                "workloads.standby.minAnsweredPercent: must be between 0 and 100 (got 100.5)");
    }

    @Test
    void weightsMustAddUpToSomething() throws Exception {
        Path file = write("""
                workloads:
                  mail:
                    actionMix: {logon: 0, send: 0, read: 0, move: 0, delete: 0, search: 0, browse: 0}
                    messageSizes: {1KB: 0, 2KB: 0, 4KB: 0, 10KB: 0, 15KB: 0, 16KB: 0, 43KB: 0, 100KB: 0}
                """);

        assertThat(errorsOf(file)).containsExactlyInAnyOrder(
                "workloads.mail.actionMix: weights must add up to more than 0",
                "workloads.mail.messageSizes: weights must add up to more than 0");
    }

    @Test
    void aWeightOfTheWrongTypeIsOneTypeErrorWithoutFollowUps() {
        assertThat(errorsOf(Map.of("workloads.mail.actionMix.send", "lots"))).containsExactly(
                "workloads.mail.actionMix.send: expected a number, got 'lots'");
        Map<String, String> onlyBadWeight = Map.of("workloads.mail.messageSizes.2KB", "x",
                "workloads.mail.messageSizes.4KB", "null", "workloads.mail.messageSizes.10KB", "0",
                "workloads.mail.messageSizes.1KB", "0", "workloads.mail.messageSizes.15KB", "0",
                "workloads.mail.messageSizes.16KB", "0", "workloads.mail.messageSizes.43KB", "0",
                "workloads.mail.messageSizes.100KB", "0");
        assertThat(errorsOf(onlyBadWeight)).containsExactlyInAnyOrder(
                "workloads.mail.messageSizes.2KB: expected a number, got 'x'",
                "workloads.mail.messageSizes.4KB: expected a number, got 'null'");
    }

    @Test
    void aMailboxSizeIsASizeAndTheTilesMailboxesFitTheMailVmsDisk() {
        for (String bad : List.of("100", "100 MiB", "-1MB", "0.5B", "lots")) {
            assertThat(errorsOf(Map.of("workloads.mail.mailboxSize", bad))).as(bad).containsExactly(
                    "workloads.mail.mailboxSize: invalid size '" + bad + "' (expected a size like 512B, 2KB or 1.5MB, in whole bytes)");
        }
        // 34 users on the mail VM's 40 GB disk: 1,204.7 MB each at most.
        assertThat(errorsOf(Map.of("workloads.mail.mailboxSize", "1.25GB"))).containsExactly(
                "workloads.mail.mailboxSize: 34 mailboxes (workloads.mail.users) of 1.3GB do not fit the mail VM's 40 GB disk (at most 1.2GB each)");
        assertThat(errorsOf(Map.of("workloads.mail.mailboxSize", "1204MB"))).isEmpty();
        assertThat(errorsOf(Map.of("workloads.mail.mailboxSize", "4GB", "workloads.mail.users", "10"))).isEmpty();
        assertThat(errorsOf(Map.of("workloads.mail.mailboxSize", "0B"))).isEmpty();
        assertThat(ConfigLoader.defaults().workloads().section(MailSpec.class).mailboxBytes()).isEqualTo(10L << 20);
    }

    @Test
    void mailUrlsAreBothEmptyOrBothSet() {
        assertThat(errorsOf(Map.of("workloads.mail.smtpUrl", "smtp://mail:25"))).containsExactly(
                "workloads.mail.imapUrl: must be set when smtpUrl is");
        assertThat(errorsOf(Map.of("workloads.mail.imapUrl", "imap://mail:143"))).containsExactly(
                "workloads.mail.smtpUrl: must be set when imapUrl is");
    }

    @Test
    void mailUrlsMustBeSchemeHostAndPort() {
        for (String bad : List.of("mail:25", "imap://mail:25", "smtp://mail", "smtp://mail:0", "smtp://mail:65536",
                "smtp://mail:25/inbox", "smtp://mail:25?x=1", "smtp://:25", "smtp://bad host:25", "smtps://mail:465")) {
            assertThat(errorsOf(Map.of("workloads.mail.smtpUrl", bad, "workloads.mail.imapUrl", "imap://mail:143")))
                    .as(bad).containsExactly("workloads.mail.smtpUrl: expected smtp://host:port with a port of 1..65535"
                            + " (got '" + bad + "')");
        }
        for (String good : List.of("smtp://mail:1", "smtp://mail.example.org:65535", "smtp://10.0.0.5:25/",
                "SMTP://mail:25", "smtp://[::1]:2525")) {
            assertThat(errorsOf(Map.of("workloads.mail.smtpUrl", good, "workloads.mail.imapUrl", "imap://mail:143")))
                    .as(good).isEmpty();
        }
    }

    @Test
    void aPasswordInAMailUrlIsRejectedWithoutBeingEchoed() {
        List<String> errors = errorsOf(Map.of("workloads.mail.smtpUrl", "smtp://bob:hunter2@mail:25",
                "workloads.mail.imapUrl", "imap://bob:hunter2@mail:143"));

        assertThat(errors).containsExactly(
                "workloads.mail.smtpUrl: expected smtp://host:port with a port of 1..65535; put no credentials in it,"
                        + " use passwordEnv or passwordFile (got 'smtp://***@mail:25')",
                "workloads.mail.imapUrl: expected imap://host:port with a port of 1..65535; put no credentials in it,"
                        + " use passwordEnv or passwordFile (got 'imap://***@mail:143')");
        assertThat(String.join("\n", errors)).doesNotContain("hunter2");
    }

    @Test
    void standbyTimeoutMayExceedItsInterval() throws ConfigException {
        StandbySpec standby = ConfigLoader.load(Optional.empty(),
                Map.of("workloads.standby.interval", "500ms", "workloads.standby.timeout", "2s")).workloads().section(StandbySpec.class);

        assertThat(standby.timeout()).isGreaterThan(standby.interval());
    }

    @Test
    void mailCollectionsAreImmutable() {
        MailSpec mail = ConfigLoader.defaults().workloads().section(MailSpec.class);

        assertThat(mail.actionMix()).isUnmodifiable();
        assertThat(mail.messageSizes()).isUnmodifiable();
    }

    private Path write(String yaml) throws IOException {
        Path file = Files.createTempFile(dir, "tilemark", ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private static List<String> errorsOf(Path file) {
        return errorsOf(Optional.of(file), Map.of());
    }

    /** The errors of loading with these overrides; empty when the spec is valid. */
    private static List<String> errorsOf(Map<String, String> overrides) {
        return errorsOf(Optional.empty(), overrides);
    }

    private static List<String> errorsOf(Optional<Path> file, Map<String, String> overrides) {
        try {
            ConfigLoader.load(file, overrides);
            return List.of();
        } catch (ConfigException e) {
            return e.errors();
        }
    }
}
