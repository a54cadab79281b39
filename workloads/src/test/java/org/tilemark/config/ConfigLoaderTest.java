package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.fixture.StandInLocalConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.dvdstore.DvdStoreSpec;
import org.tilemark.workloads.dvdstore.DvdStoreMixSpec;
import org.tilemark.workloads.dvdstore.LoadShapeSpec;
import org.tilemark.workloads.dvdstore.DatabaseSpec;
import org.tilemark.workloads.mail.MailSpec;
import org.tilemark.workloads.standby.StandbySpec;

class ConfigLoaderTest {

    @TempDir
    Path dir;

    @Test
    void defaultsLoadWithoutAFile() throws ConfigException {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of());

        RunSpec run = spec.run();
        assertThat(run).isEqualTo(new RunSpec("quick", 1, 0.07, 3, Duration.ofSeconds(60), Duration.ofSeconds(30),
                Duration.ofSeconds(10), Path.of("results"), Path.of(".tilemark"), 42, Duration.ofMinutes(5)));
        assertThat(spec.cluster()).isEqualTo(new ClusterSpec("local", "127.0.0.1", new StandInLocalConfig().defaults()));
        DvdStoreSpec dvdstore = spec.workloads().section(DvdStoreSpec.class);
        assertThat(dvdstore.enabled()).isTrue();
        assertThat(dvdstore.size()).isEqualTo("S");
        assertThat(dvdstore.webServers()).isEqualTo(3);
        assertThat(dvdstore.users()).isEqualTo(440);
        assertThat(dvdstore.thinkTime()).isEqualTo(Duration.ofSeconds(6));
        assertThat(dvdstore.load()).isEqualTo(new LoadShapeSpec("bursty", 1.5, 0.5, Duration.ofSeconds(60)));
        assertThat(dvdstore.mix()).isEqualTo(new DvdStoreMixSpec(20, 1, 3, 5, 3, 5, 10, 5));
        assertThat(dvdstore.database()).isEqualTo(
                new DatabaseSpec("", "ds3", "TILEMARK_DVDSTORE_DB_PASSWORD", null, 10));
        assertThat(dvdstore.referenceOrdersPerMinute()).isEqualTo(4400.0);
        assertThat(dvdstore.qos()).isEqualTo(new QosSpec(95, Map.of("login", Duration.ofSeconds(1),
                "newCustomer", Duration.ofSeconds(1), "browse", Duration.ofSeconds(1), "purchase", Duration.ofSeconds(2)),
                0.5, Duration.ofSeconds(2)));
        assertThat(dvdstore.requestTimeout()).isEqualTo(Duration.ofSeconds(10));
        MailSpec mail = spec.workloads().section(MailSpec.class);
        assertThat(mail).isEqualTo(new MailSpec(true, 34, 4, "", "", "TILEMARK_MAIL_PASSWORD", null, 155.7,
                Duration.ofHours(8), 30,
                Map.of("logon", 0.0, "send", 14.2, "read", 81.0, "move", 16.0, "delete", 32.5, "search", 0.0,
                        "browse", 12.0),
                Map.of("1KB", 60.0, "2KB", 16.0, "4KB", 4.0, "10KB", 6.0, "15KB", 4.0, "16KB", 4.0, "43KB", 2.0,
                        "100KB", 4.0),
                40, "10MB", 4.7, 10, 330.8625,
                new QosSpec(95, Map.of("send", Duration.ofMillis(500)), 0.5, Duration.ofSeconds(2)),
                Duration.ofSeconds(10)));
        assertThat(mail.actionMix().keySet()).containsExactlyElementsOf(MailSpec.ACTIONS);
        assertThat(mail.targetActionsPerMinute()).isCloseTo(330.8625, within(1e-9));
        assertThat(spec.workloads().section(StandbySpec.class)).isEqualTo(
                new StandbySpec(true, Duration.ofSeconds(1), Duration.ofSeconds(1), 99));
        assertThat(ConfigLoader.defaults()).isEqualTo(spec);
    }

    @Test
    void partialFileMergesOntoDefaultsIncludingMapsPerKey() throws Exception {
        Path file = write("""
                run:
                  tiles: 4
                cluster:
                  local:
                    datastores:
                      app: /fast/app
                      scratch: /tmp/scratch
                workloads:
                  dvdstore:
                    qos:
                      limits:
                        purchase: 1500ms
                """);

        BenchmarkSpec spec = ConfigLoader.load(Optional.of(file), Map.of());

        assertThat(spec.run().tiles()).isEqualTo(4);
        assertThat(spec.run().phases()).isEqualTo(3);
        assertThat(section(spec).datastores()).containsExactly(
                Map.entry("app", Path.of("/fast/app")),
                Map.entry("maintenance", Path.of(".tilemark/datastores/maintenance")),
                Map.entry("scratch", Path.of("/tmp/scratch")));
        assertThat(spec.workloads().section(DvdStoreSpec.class).qos().limits())
                .containsEntry("purchase", Duration.ofMillis(1500))
                .containsEntry("login", Duration.ofSeconds(1))
                .hasSize(4);
    }

    @Test
    void overridesWinOverTheFile() throws Exception {
        Path file = write("""
                run:
                  tiles: 4
                  phaseDuration: 2m
                """);
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("run.tiles", "2");
        overrides.put("run.phaseDuration", "30s");
        overrides.put("run.results", "/tmp/out");
        overrides.put("cluster.local.hosts", "5");

        RunSpec run = ConfigLoader.load(Optional.of(file), overrides).run();

        assertThat(run.tiles()).isEqualTo(2);
        assertThat(run.phaseDuration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(run.results()).isEqualTo(Path.of("/tmp/out"));
        assertThat(section(ConfigLoader.load(Optional.of(file), overrides)).hosts()).isEqualTo(5);
    }

    @Test
    void negativeTilesAndAMisspelledKeyAreReportedTogether() throws Exception {
        Path file = write("""
                run:
                  tiles: -1
                  tiels: 2
                tile: 2
                """);

        List<String> errors = errorsOf(file);

        assertThat(errors).containsExactlyInAnyOrder(
                "run.tiles: must be >= 1 (got -1)",
                "unknown key 'run.tiels' (did you mean 'run.tiles'?)",
                "unknown key 'tile' (did you mean 'run.tiles'?)");
    }

    @Test
    void theWebAppListensOnLoopbackUnlessConfiguredAndItsKeysAreChecked() throws Exception {
        assertThat(ConfigLoader.load(Optional.empty(), Map.of()).serve())
                .isEqualTo(new ServeSpec("127.0.0.1", 8470, "TILEMARK_SERVE_TOKEN", null));
        assertThat(errorsOf(Map.of("serve.address", "999.999.999.999", "serve.port", "70000", "serve.tokenEnv", " ")))
                .containsExactlyInAnyOrder("serve.address: not an IP address or host name (got '999.999.999.999')",
                        "serve.port: must be 0 (a free port) or 1..65535 (got 70000)", "serve.tokenEnv: must not be blank");
    }

    @Test
    void topLevelRunSettingPointsUnderRun() throws Exception {
        assertThat(errorsOf(write("tiles: 2\nphaseDuration: 30s\n"))).containsExactly(
                "unknown key 'tiles' (did you mean 'run.tiles'?)",
                "unknown key 'phaseDuration' (did you mean 'run.phaseDuration'?)");
    }

    @Test
    void unknownKeysAreFoundAtDepthAndMisplacedSectionsAreSuggested() throws Exception {
        Path file = write("""
                run:
                  tile: 2
                  phase_duration: 30s
                workloads:
                  dvdstore:
                    load:
                      shpae: bursty
                    qos:
                      limits:
                        purchase: 3s
                qos:
                  percentile: 90
                banana: 1
                """);

        assertThat(errorsOf(file)).containsExactlyInAnyOrder(
                "unknown key 'run.tile' (did you mean 'run.tiles'?)",
                "unknown key 'run.phase_duration' (did you mean 'run.phaseDuration'?)",
                "unknown key 'workloads.dvdstore.load.shpae' (did you mean 'workloads.dvdstore.load.shape'?)",
                "unknown key 'qos' (did you mean 'workloads.dvdstore.qos'?)",
                "unknown key 'banana' (valid keys: run, cluster, workloads, infra, storage, search, serve)");
    }

    @Test
    void typeErrorsNameTheKeyAndTheValue() throws Exception {
        Path file = write("""
                run:
                  tiles: two
                  seed: 1.5
                  warmup: soon
                cluster:
                  local:
                    hosts: maybe
                    datastores: [a, b]
                workloads:
                  dvdstore:
                    referenceOrdersPerMinute: lots
                    mix: 7
                """);

        assertThat(errorsOf(file)).containsExactlyInAnyOrder(
                "run.tiles: expected an integer, got 'two'",
                "run.seed: expected an integer, got '1.5'",
                "run.warmup: expected a duration like 500ms, 30s, 2m, 1h or PT30S, got 'soon'",
                "cluster.local.hosts: expected an integer, got 'maybe'",
                "cluster.local.datastores: expected a mapping, got a list",
                "workloads.dvdstore.referenceOrdersPerMinute: expected a number, got 'lots'",
                "workloads.dvdstore.mix: expected a mapping, got '7'");
    }

    @Test
    void overrideWithWrongTypeIsATypeError() {
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("run.phases", "three", "run.tilez", "2")))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).errors()).containsExactlyInAnyOrder(
                        "run.phases: expected an integer, got 'three'",
                        "unknown key 'run.tilez' (did you mean 'run.tiles'?)"));
    }

    @Test
    void malformedOverrideKeyIsReported() {
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("run..tiles", "2")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("override 'run..tiles': not a dotted key path like run.tiles");
    }

    @Test
    void rangeChecksCoverEverySection() throws Exception {
        Path file = write("""
                run:
                  phases: 0
                  warmup: -1s
                  provisionTimeout: 0s
                cluster:
                  local:
                    hosts: 0
                    datastores:
                      maintenance: null
                workloads:
                  dvdstore:
                    size: XL
                    webServers: 0
                    users: 0
                    thinkTime: 0ms
                    load: {shape: spiky, highFactor: 0, lowFactor: -0.5}
                    mix: {pctNewCustomers: 101, nLineItems: 0, pctHelpfulness: -1}
                    database: {poolSize: 0, jdbcUrl: "postgres://u:hunter2@db/ds3"}
                    qos: {percentile: 100, maxFailurePercent: 150, limits: {login: 0s}}
                """);

        List<String> errors = errorsOf(file);

        assertThat(errors).containsExactlyInAnyOrder(
                "run.phases: must be >= 1 (got 0)",
                "run.warmup: must be >= 0 (got -1s)",
                "run.provisionTimeout: must be > 0 (got 0s)",
                "cluster.local.hosts: must be >= 1 (got 0)",
                "cluster.local.datastores: missing required datastore 'maintenance'",
                "workloads.dvdstore.size: invalid size 'XL' (expected S, M, L, <n>MB or <n>GB)",
                "workloads.dvdstore.webServers: must be >= 1 (got 0)",
                "workloads.dvdstore.users: must be >= 1 (got 0)",
                "workloads.dvdstore.thinkTime: must be > 0 (got 0s)",
                "workloads.dvdstore.load.shape: unknown shape 'spiky' (expected one of: constant, bursty)",
                "workloads.dvdstore.load.highFactor: must be > 0 (got 0)",
                "workloads.dvdstore.load.lowFactor: must be > 0 (got -0.5)",
                "workloads.dvdstore.mix.pctNewCustomers: must be between 0 and 100 (got 101)",
                "workloads.dvdstore.mix.pctHelpfulness: must be between 0 and 100 (got -1)",
                "workloads.dvdstore.mix.nLineItems: must be >= 1 (got 0)",
                "workloads.dvdstore.database.jdbcUrl: must be jdbc:postgresql://host[:port]/database with a port of 1..65535, or empty for the embedded database"
                        + " (got 'postgres://***@db/ds3')",
                "workloads.dvdstore.database.poolSize: must be >= 1 (got 0)",
                "workloads.dvdstore.qos.percentile: must be > 0 and < 100 (got 100)",
                "workloads.dvdstore.qos.limits.login: must be > 0 (got 0s)",
                "workloads.dvdstore.qos.maxFailurePercent: must be between 0 and 100 (got 150)");
        assertThat(String.join("\n", errors)).doesNotContain("hunter2");
    }

    @Test
    void intervalMustFitPhaseDuration() {
        assertThat(errorsOf(Map.of("run.interval", "2m"))).containsExactly(
                "run.interval: must be <= run.phaseDuration (got 2m > 1m)");
        assertThat(errorsOf(Map.of("run.phaseDuration", "25s"))).containsExactly(
                "run.phaseDuration: must be a whole multiple of run.interval (got 25s with an interval of 10s)");
        assertThat(errorsOf(Map.of("run.interval", "0s"))).containsExactly("run.interval: must be > 0 (got 0s)");
    }

    @Test
    void warmupMayBeZeroAndSizesAcceptTheirSyntax() throws ConfigException {
        for (String size : List.of("S", "M", "L", "500MB", "20GB")) {
            BenchmarkSpec spec = ConfigLoader.load(Optional.empty(),
                    Map.of("run.warmup", "0", "workloads.dvdstore.size", size));
            assertThat(spec.run().warmup()).isZero();
            assertThat(spec.workloads().section(DvdStoreSpec.class).size()).isEqualTo(size);
        }
        for (String size : List.of("s", "0MB", "10TB", "MB", "1.5GB")) {
            assertThat(errorsOf(Map.of("workloads.dvdstore.size", size))).as(size).hasSize(1);
        }
    }

    @Test
    void malformedYamlNamesFileAndLine() throws Exception {
        Path file = write("""
                run:
                  tiles: 2
                 phases: [3
                """);

        assertThatThrownBy(() -> ConfigLoader.load(Optional.of(file), Map.of()))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> {
                    List<String> errors = ((ConfigException) e).errors();
                    assertThat(errors).hasSize(1);
                    assertThat(errors.getFirst()).startsWith("malformed YAML in " + file + " at line 3");
                });
    }

    @Test
    void tabIndentationIsMalformedAtItsLine() throws Exception {
        Path file = write("run:\n\ttiles: 2\n");

        assertThat(errorsOf(file)).singleElement().asString()
                .startsWith("malformed YAML in " + file + " at line 2").contains("TAB");
    }

    @Test
    void duplicateKeysAreMalformed() throws Exception {
        Path file = write("run:\n  tiles: 2\n  tiles: 3\n");

        assertThat(errorsOf(file)).singleElement().asString()
                .startsWith("malformed YAML in " + file + " at line 3").contains("tiles");
    }

    @Test
    void missingFileIsReportedByPath() {
        Path missing = dir.resolve("nope.yaml");

        assertThatThrownBy(() -> ConfigLoader.load(Optional.of(missing), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("config file not found: " + missing);
    }

    @Test
    void emptyFileMeansDefaultsAndNonMappingIsRejected() throws Exception {
        assertThat(ConfigLoader.load(Optional.of(write("# nothing yet\n")), Map.of())).isEqualTo(ConfigLoader.defaults());
        Path list = write("- run\n");
        assertThat(errorsOf(list)).containsExactly(
                "config file " + list + ": expected a mapping of keys at the top level");
    }

    @Test
    void emptySectionKeepsDefaultsAndOptionalPathMayBeSet() throws Exception {
        Path file = write("""
                run:
                workloads:
                  dvdstore:
                    database:
                      passwordFile: /etc/tilemark/db.pw
                """);

        BenchmarkSpec spec = ConfigLoader.load(Optional.of(file), Map.of());

        assertThat(spec.run()).isEqualTo(ConfigLoader.defaults().run());
        assertThat(spec.workloads().section(DvdStoreSpec.class).database().passwordFile()).isEqualTo(Path.of("/etc/tilemark/db.pw"));
    }

    @Test
    void quotedNumbersAndIsoDurationsAreAccepted() throws Exception {
        Path file = write("""
                run:
                  tiles: "3"
                  phaseDuration: PT2M
                """);

        RunSpec run = ConfigLoader.load(Optional.of(file), Map.of()).run();

        assertThat(run.tiles()).isEqualTo(3);
        assertThat(run.phaseDuration()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void loadedCollectionsAreImmutable() throws ConfigException {
        BenchmarkSpec spec = ConfigLoader.defaults();

        assertThatThrownBy(() -> section(spec).datastores().put("x", Path.of("y")))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> spec.workloads().section(DvdStoreSpec.class).qos().limits().clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void platformSectionsAreTheProvidersAndAnUnknownPlatformListsThoseFound() {
        assertThat(errorsOf(Map.of("cluster.platform", "vmware"))).containsExactly(
                "cluster.platform: unknown platform 'vmware' (platforms found: local)");
        assertThat(errorsOf(Map.of("cluster.hosts", "3", "cluster.vsphere.host", "vc", "cluster.local.hots", "3")))
                .containsExactlyInAnyOrder(
                        "unknown key 'cluster.hosts' (did you mean 'cluster.local.hosts'?)",
                        "unknown key 'cluster.vsphere' (valid keys under 'cluster': platform, bindAddress, local)",
                        "unknown key 'cluster.local.hots' (did you mean 'cluster.local.hosts'?)");
    }

    private static StandInLocalConfig.Section section(BenchmarkSpec spec) {
        return spec.cluster().section(new StandInLocalConfig());
    }

    private Path write(String yaml) throws IOException {
        Path file = Files.createTempFile(dir, "tilemark", ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    @Test
    void infraAndStorageSettingsAreCheckedWithTheirKeys() {
        assertThat(errorsOf(Map.of("infra.blocks", "-1", "infra.pause", "-5s", "infra.vmotion.roles", " ",
                "storage.datastore", "fast", "storage.hosts", "3", "storage.transferSizesKb", "4, x", "storage.diskSize", "1TB")))
                .containsExactlyInAnyOrder(
                        "infra.blocks: must be >= 0 (got -1)",
                        "infra.pause: must be >= 0 (got -5s)",
                        "infra.vmotion.roles: must not be empty",
                        "storage.diskSize: invalid size '1TB' (expected <n>MB or <n>GB)",
                        "storage.transferSizesKb: 'x' is not a size in KB (e.g. 4, 8, 64)");
    }

    @Test
    void anInfrastructureOnlyRunNeedsTheOperations() throws ConfigException {
        assertThat(errorsOf(Map.of("infra.only", "true", "infra.enabled", "false")))
                .containsExactly("infra.only: an infrastructure-only run needs infra.enabled true");
        assertThat(ConfigLoader.load(Optional.empty(), Map.of("infra.only", "true")).infra().only()).isTrue();
    }

    @Test
    void searchSettingsAreCheckedWithTheirKeys() {
        assertThat(errorsOf(Map.of("search.startTiles", "4", "search.maxTiles", "2", "search.growthPercent", "101",
                "search.phasesPerStep", "0", "search.quick.phases", "0", "search.quick.warmup", "-1s")))
                .containsExactlyInAnyOrder(
                        "search.maxTiles: must be >= search.startTiles (got 2 < 4)",
                        "search.growthPercent: must be between 0 and 100 (got 101)",
                        "search.phasesPerStep: must be >= 1 (got 0)",
                        "search.quick.phases: must be >= 1 (got 0)",
                        "search.quick.warmup: must be >= 0 (got -1s)");
    }

    private static List<String> errorsOf(Path file) {
        try {
            ConfigLoader.load(Optional.of(file), Map.of());
        } catch (ConfigException e) {
            return e.errors();
        }
        throw new AssertionError("expected a ConfigException for " + file);
    }

    private static List<String> errorsOf(Map<String, String> overrides) {
        try {
            ConfigLoader.load(Optional.empty(), overrides);
        } catch (ConfigException e) {
            return e.errors();
        }
        throw new AssertionError("expected a ConfigException for " + overrides);
    }
}
