package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.tilemark.config.fixture.StandInLocalConfig;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.dvdstore.DvdStoreSpec;
import org.tilemark.workloads.dvdstore.DvdStoreMixSpec;
import org.tilemark.workloads.dvdstore.LoadShapeSpec;
import org.tilemark.workloads.dvdstore.DatabaseSpec;
import org.tilemark.workloads.mail.MailSpec;
import org.tilemark.workloads.olio.OlioSpec;
import org.tilemark.workloads.standby.StandbySpec;

class ConfigWriterTest {

    @TempDir
    Path dir;

    @Test
    void snapshotWritesDurationsAndPathsAsText() {
        Map<String, Object> map = ConfigWriter.toMap(ConfigLoader.defaults());

        assertThat(map).containsOnlyKeys("run", "cluster", "workloads", "infra", "storage", "search", "serve");
        @SuppressWarnings("unchecked")
        Map<String, Object> run = (Map<String, Object>) map.get("run");
        assertThat(run).containsEntry("phaseDuration", "1m").containsEntry("warmup", "30s")
                .containsEntry("results", "results").containsEntry("tiles", 1).containsEntry("seed", 42L);
        String yaml = ConfigWriter.toYaml(ConfigLoader.defaults());
        assertThat(yaml).contains("provisionTimeout: 5m").contains("purchase: 2s").contains("passwordFile: null")
                .contains("workday: 8h").contains("send: 500ms").contains("\"2KB\": 16.0");
    }

    @Test
    void snapshotOfDefaultsLoadsBackEqual() throws Exception {
        BenchmarkSpec defaults = ConfigLoader.defaults();

        assertThat(reload(defaults)).isEqualTo(defaults);
    }

    @Test
    void snapshotRedactsPasswordsInTheJdbcUrl() {
        BenchmarkSpec spec = withDatabase(ConfigLoader.defaults(),
                new DatabaseSpec("jdbc:postgresql://db/ds3?password=hunter2", "ds3", "PW", null, 10));

        assertThat(ConfigWriter.toYaml(spec)).doesNotContain("hunter2").contains("password=***");
    }

    @Test
    void snapshotRedactsCredentialsInMailUrls() {
        MailSpec m = ConfigLoader.defaults().workloads().section(MailSpec.class);
        MailSpec withCredentials = new MailSpec(m.enabled(), m.users(), m.minScaledUsers(), "smtp://bob:hunter2@mail:25",
                "imap://bob:hunter2@mail:143", m.passwordEnv(), m.passwordFile(), m.tasksPerUserPerDay(), m.workday(),
                m.acceleration(), m.actionMix(), m.messageSizes(), m.messagesPerMailbox(), m.mailboxSize(), m.meanRecipients(),
                m.deliverySamplePercent(), m.referenceActionsPerMinute(), m.qos(), m.requestTimeout());
        BenchmarkSpec defaults = ConfigLoader.defaults();
        BenchmarkSpec spec = new BenchmarkSpec(defaults.run(), defaults.cluster(),
                defaults.workloads().with("mail", withCredentials), defaults.infra(), defaults.storage(), defaults.search(), defaults.serve());

        assertThat(ConfigWriter.toYaml(spec)).doesNotContain("hunter2").contains("smtp://***@mail:25")
                .contains("imap://***@mail:143");
        assertThat(withCredentials.toString()).doesNotContain("hunter2");
    }

    @Test
    void aSnapshotsRemovedMapEntriesStayRemovedAfterReload() throws Exception {
        // A user's file can no longer remove a weight, but a bundle recorded before that may have.
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.valueToTree(ConfigWriter.toMap(ConfigLoader.defaults()));
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("workloads").path("mail").path("actionMix")).putNull("browse");
        BenchmarkSpec trimmed = ConfigLoader.load(tree);

        assertThat(trimmed.workloads().section(MailSpec.class).actionMix()).doesNotContainKey("browse").hasSize(6);
        assertThat(reload(trimmed)).isEqualTo(trimmed);
    }

    @Test
    void snapshotAsAJsonTreeLoadsBackEqual() throws Exception {
        Path file = Files.writeString(dir.resolve("trimmed.yaml"), """
                run: {tiles: 3, phaseDuration: 90s}
                workloads: {olio: {cycleTimeTolerancePercent: 5}, mail: {actionMix: {browse: 0}}}
                """);
        BenchmarkSpec spec = ConfigLoader.load(Optional.of(file), Map.of("run.seed", "7"));
        // As a results bundle keeps it: run.json's "config" (tilemark verify rebuilds the spec from it).
        var tree = new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(ConfigWriter.toMap(spec));

        assertThat(ConfigLoader.load((com.fasterxml.jackson.databind.node.ObjectNode) tree)).isEqualTo(spec);
    }

    @Test
    void anOlderSnapshotsMaxRecipientsLoadsAsTheSameDrawWhileAUsersFileMayNotUseIt() throws Exception {
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.valueToTree(ConfigWriter.toMap(ConfigLoader.defaults()));
        var mail = (com.fasterxml.jackson.databind.node.ObjectNode) tree.path("workloads").path("mail");
        mail.remove("meanRecipients");
        mail.put("maxRecipients", 3); // as bundles written before meanRecipients record it: 1..3 recipients

        assertThat(ConfigLoader.load(tree).workloads().section(MailSpec.class).meanRecipients()).isEqualTo(2.0);
        assertThat(mail.has("maxRecipients")).as("the caller's tree is left alone").isTrue();
        Path file = Files.writeString(dir.resolve("old-key.yaml"), "workloads: {mail: {maxRecipients: 3}}\n");
        assertThat(org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> ConfigLoader.load(Optional.of(file), Map.of())).errors())
                .singleElement().asString().startsWith("unknown key 'workloads.mail.maxRecipients'");
    }

    @Test
    void anOlderSnapshotWithoutMinScaledUsersScalesMailAsItRan() throws Exception {
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.valueToTree(ConfigWriter.toMap(ConfigLoader.defaults()));
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("workloads").path("mail")).remove("minScaledUsers");

        BenchmarkSpec older = ConfigLoader.load(tree);
        assertThat(older.workloads().section(MailSpec.class).minScaledUsers()).isEqualTo(1);
        // The quick profile's 0.07 ran round(34 x 0.07) = 2 users then, 4 now.
        assertThat(TileScale.apply(older).workloads().section(MailSpec.class).users()).isEqualTo(2);
        assertThat(TileScale.apply(ConfigLoader.defaults()).workloads().section(MailSpec.class).users()).isEqualTo(4);
    }

    @Test
    void anOlderSnapshotWithoutMailboxSizeReadsAsTheMessagesPerMailboxAloneItSeeded() throws Exception {
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.valueToTree(ConfigWriter.toMap(ConfigLoader.defaults()));
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("workloads").path("mail")).remove("mailboxSize");

        MailSpec older = ConfigLoader.load(tree).workloads().section(MailSpec.class);
        assertThat(older.mailboxBytes()).isZero();
        assertThat(older.messagesPerMailbox()).isEqualTo(40);
    }

    /** Property: for valid specs with varied values, toYaml then load gives back an equal spec. */
    @RepeatedTest(25)
    void randomValidSpecsRoundTrip(RepetitionInfo repetition) throws Exception {
        Random random = new Random(repetition.getCurrentRepetition());
        BenchmarkSpec defaults = ConfigLoader.defaults();
        Duration interval = Duration.ofMillis(100 + random.nextInt(20_000));
        RunSpec run = new RunSpec(random.nextBoolean() ? "quick" : RunProfiles.STANDARD, 1 + random.nextInt(16), 0.01 * (1 + random.nextInt(200)),
                1 + random.nextInt(5), interval.multipliedBy(1 + random.nextInt(30)),
                Duration.ofMillis(random.nextInt(100_000)), interval,
                Path.of("out dir", "run-" + random.nextInt(1000)), Path.of("state " + random.nextInt(9)), random.nextLong(),
                Duration.ofSeconds(1 + random.nextInt(7200)));
        Map<String, Path> datastores = new LinkedHashMap<>(defaults.cluster().section(new StandInLocalConfig()).datastores());
        datastores.put("extra" + random.nextInt(10), Path.of("/data/x: y"));
        ClusterSpec cluster = new ClusterSpec("local", "127.0.0." + (1 + random.nextInt(9)),
                new StandInLocalConfig.Section(1 + random.nextInt(8), datastores));
        DvdStoreSpec base = defaults.workloads().section(DvdStoreSpec.class);
        Map<String, Duration> limits = new LinkedHashMap<>(base.qos().limits());
        limits.put("purchase", Duration.ofNanos(1 + random.nextInt(2_000_000_000)));
        DvdStoreSpec dvdstore = new DvdStoreSpec(random.nextBoolean(),
                random.nextBoolean() ? "M" : (1 + random.nextInt(500)) + "GB", 1 + random.nextInt(5),
                1 + random.nextInt(200), Duration.ofMillis(1 + random.nextInt(20_000)),
                new LoadShapeSpec(random.nextBoolean() ? "bursty" : "constant", 1 + random.nextDouble(),
                        0.01 + random.nextDouble(), Duration.ofSeconds(1 + random.nextInt(600))),
                new DvdStoreMixSpec(random.nextInt(101), random.nextInt(101), 1 + random.nextInt(9),
                        1 + random.nextInt(9), 1 + random.nextInt(9), random.nextInt(101), random.nextInt(101),
                        1 + random.nextInt(9)),
                new DatabaseSpec(random.nextBoolean() ? "" : "jdbc:postgresql://db:5432/ds3_{tile}", "user true",
                        "ENV_" + random.nextInt(100), random.nextBoolean() ? null : Path.of("/run/secrets/pw"),
                        1 + random.nextInt(50)),
                1 + random.nextDouble() * 1000,
                new QosSpec(0.1 + random.nextDouble() * 99.8, limits, random.nextDouble() * 100,
                        Duration.ofMillis(1 + random.nextInt(5000))),
                Duration.ofMillis(1 + random.nextInt(60_000)));
        BenchmarkSpec spec = new BenchmarkSpec(run, cluster,
                defaults.workloads().with("dvdstore", dvdstore).with("mail", randomMail(random, defaults.workloads().section(MailSpec.class)))
                        .with("olio", randomOlio(random, defaults.workloads().section(OlioSpec.class))).with("standby", randomStandby(random)),
                randomInfra(random),
                new StorageSpec(1 + random.nextInt(12), random.nextInt(2), "app", 1 + random.nextInt(4), (1 + random.nextInt(9)) + "GB", random.nextBoolean(),
                        1 + random.nextInt(64), "4, 64", random.nextBoolean(), Duration.ofSeconds(1 + random.nextInt(90)),
                        Duration.ofSeconds(1 + random.nextInt(300)), new StorageSpec.Quick(Duration.ofSeconds(1),
                        Duration.ofSeconds(5), "256MB"), new StorageSpec.Interference(Duration.ofSeconds(60), Duration.ofSeconds(5),
                        Duration.ofMinutes(10), Duration.ofSeconds(60), (1 + random.nextInt(99)) + "MB", new StorageSpec.Schedule(
                        Duration.ofSeconds(6), Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(5)))),
                new SearchSpec(1 + random.nextInt(4), 8 + random.nextInt(8), random.nextBoolean(), 1 + random.nextInt(100), 1 + random.nextInt(3), random.nextBoolean(),
                        new SearchSpec.Quick(1 + random.nextInt(3), interval.multipliedBy(1 + random.nextInt(6)),
                                Duration.ofSeconds(random.nextInt(60)))),
                new ServeSpec("127.0.0." + (1 + random.nextInt(9)), random.nextInt(65536), "TOKEN_" + random.nextInt(99), null));

        assertThat(reload(spec)).isEqualTo(spec);
    }

    private static InfraSpec randomInfra(Random random) {
        boolean enabled = random.nextBoolean();
        return new InfraSpec(enabled, enabled && random.nextBoolean(), random.nextInt(5), Duration.ofMillis(random.nextInt(60_000)),
                Duration.ofSeconds(1 + random.nextInt(600)),
                new InfraSpec.MigrationSpec(random.nextBoolean(), "mail, standby", 1 + random.nextInt(500)),
                new InfraSpec.MigrationSpec(random.nextBoolean(), "dvdstore-db", 0.5 + random.nextDouble()),
                new InfraSpec.MigrationSpec(random.nextBoolean(), "olio-web,x", 20),
                new InfraSpec.DeploySpec(random.nextBoolean(), 1 + random.nextDouble() * 100,
                        Duration.ofSeconds(1 + random.nextInt(100))));
    }

    private static MailSpec randomMail(Random random, MailSpec base) {
        Map<String, Double> actionMix = new LinkedHashMap<>(base.actionMix());
        actionMix.put("send", random.nextInt(50) + random.nextDouble());
        if (random.nextBoolean()) {
            actionMix.remove("search"); // written as null, so the default entry stays removed on reload
        }
        Map<String, Double> messageSizes = new LinkedHashMap<>(base.messageSizes());
        messageSizes.put((1 + random.nextInt(2048)) + "B", (double) random.nextInt(10));
        messageSizes.put("1.5MB", random.nextDouble());
        if (random.nextBoolean()) {
            messageSizes.remove("2KB");
        }
        Map<String, Duration> limits = new LinkedHashMap<>(base.qos().limits());
        limits.put("send", Duration.ofMillis(1 + random.nextInt(2000)));
        limits.put("read", Duration.ofMillis(1 + random.nextInt(2000)));
        boolean external = random.nextBoolean();
        return new MailSpec(random.nextBoolean(), 1 + random.nextInt(500), 1 + random.nextInt(10),
                external ? "smtp://mail.example:" + (1 + random.nextInt(65535)) : "",
                external ? "imap://127.0.0.1:" + (1 + random.nextInt(65535)) : "",
                "ENV_" + random.nextInt(100), random.nextBoolean() ? null : Path.of("/run/secrets/mail pw"),
                1 + random.nextDouble() * 300, Duration.ofMinutes(1 + random.nextInt(1440)),
                0.5 + random.nextDouble() * 100, actionMix, messageSizes, random.nextInt(1000),
                random.nextInt(1000) + "KB", 1 + random.nextInt(10), random.nextDouble() * 100, 1 + random.nextDouble() * 1000,
                new QosSpec(0.1 + random.nextDouble() * 99.8, limits, random.nextDouble() * 100,
                        Duration.ofMillis(1 + random.nextInt(5000))),
                Duration.ofMillis(1 + random.nextInt(60_000)));
    }

    private static OlioSpec randomOlio(Random random, OlioSpec base) {
        Map<String, Duration> limits = new LinkedHashMap<>(base.qos().limits());
        limits.put("AddEvent", Duration.ofMillis(1 + random.nextInt(8000)));
        if (random.nextBoolean()) {
            limits.put("Logout", Duration.ofMillis(1 + random.nextInt(8000))); // a limit can be changed, not removed
        }
        return new OlioSpec(random.nextBoolean(), 1 + random.nextInt(500),
                Duration.ofMillis(1 + random.nextInt(20_000)), 1 + random.nextDouble() * 9,
                1 + random.nextInt(200), 1 + random.nextInt(100), random.nextDouble() * 100,
                random.nextDouble() * 100, "olio user", "ENV_" + random.nextInt(100),
                random.nextBoolean() ? null : Path.of("/run/secrets/olio pw"), 1 + random.nextInt(50),
                0.1 + random.nextDouble() * 100,
                new QosSpec(0.1 + random.nextDouble() * 99.8, limits, random.nextDouble() * 100,
                        Duration.ofMillis(1 + random.nextInt(5000))),
                random.nextDouble() * 50, random.nextDouble() * 5, random.nextDouble() * 10,
                Duration.ofMillis(1 + random.nextInt(60_000)));
    }

    private static StandbySpec randomStandby(Random random) {
        return new StandbySpec(random.nextBoolean(), Duration.ofMillis(1 + random.nextInt(10_000)),
                Duration.ofMillis(1 + random.nextInt(10_000)), random.nextDouble() * 100);
    }

    /** The spec written as YAML and loaded back as a snapshot is (a removed map entry is null there, as in run.json). */
    private BenchmarkSpec reload(BenchmarkSpec spec) throws Exception {
        var yaml = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
        return ConfigLoader.load((com.fasterxml.jackson.databind.node.ObjectNode) yaml.readTree(ConfigWriter.toYaml(spec)));
    }

    private static BenchmarkSpec withDatabase(BenchmarkSpec spec, DatabaseSpec database) {
        DvdStoreSpec d = spec.workloads().section(DvdStoreSpec.class);
        return new BenchmarkSpec(spec.run(), spec.cluster(), spec.workloads().with("dvdstore", new DvdStoreSpec(d.enabled(), d.size(),
                d.webServers(), d.users(), d.thinkTime(), d.load(), d.mix(), database, d.referenceOrdersPerMinute(),
                d.qos(), d.requestTimeout())),
                spec.infra(), spec.storage(), spec.search(), spec.serve());
    }
}
