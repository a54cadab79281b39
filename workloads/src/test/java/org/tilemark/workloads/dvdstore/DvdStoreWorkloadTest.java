package org.tilemark.workloads.dvdstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.ScheduleLagRule;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.driver.LoadShape;

class DvdStoreWorkloadTest {

    private static final String PASSWORD = "Secr3t-Pw-For-Tests";

    private final DvdStoreWorkload workload = new DvdStoreWorkload();
    private final List<String> secretLookups = new ArrayList<>();
    private final SecretSource secrets = (name, env, file) -> {
        secretLookups.add(name + " " + env + " " + file);
        return PASSWORD;
    };

    @Test
    void embeddedDatabaseComesFirstThenTheWebVmsPointingAtItsEndpoint() throws Exception {
        BenchmarkSpec spec = spec(Map.of("workloads.dvdstore.size", "S", "run.seed", "7"));

        List<VmRequest> vms = workload.vms(1, spec, secrets);

        assertThat(vms).extracting(VmRequest::name)
                .containsExactly("tile1-dvdstore-db", "tile1-dvdstore-web1", "tile1-dvdstore-web2", "tile1-dvdstore-web3");
        assertThat(vms).extracting(VmRequest::role).containsExactly("dvdstore-db", "dvdstore-web", "dvdstore-web", "dvdstore-web");
        VmRequest db = vms.getFirst();
        assertThat(db.templateInfo()).containsEntry("dvdstore.size", "S").containsEntry("dvdstore.seed", "7")
                .containsEntry("dvdstore.db.user", "ds3").containsEntry("dvdstore.schema", DvdStoreWorkload.SCHEMA_VERSION)
                .containsEntry("dvdstore.db.password.digest", org.tilemark.workloads.SecretDigest.of(PASSWORD));
        assertThat(db.settings()).containsEntry("dvdstore.size", "S").doesNotContainKey("dvdstore.db.password.digest");
        for (VmRequest web : vms.subList(1, 4)) {
            assertThat(web.templateInfo()).isEmpty();
            assertThat(web.peers()).containsExactly("tile1-dvdstore-db");
            assertThat(web.settings()).containsEntry("dvdstore.db.peer", "tile1-dvdstore-db")
                    .containsEntry("dvdstore.db.user", "ds3").containsEntry("dvdstore.db.pool", "10");
        }
        for (VmRequest vm : vms) {
            assertThat(vm.secrets()).isEqualTo(Map.of(DvdStoreWorkload.PASSWORD_VARIABLE, PASSWORD));
            assertThat(vm.templateInfo().values()).noneMatch(v -> v.contains(PASSWORD));
            assertThat(vm.settings().values()).noneMatch(v -> v.contains(PASSWORD));
            assertThat(vm.toString()).doesNotContain(PASSWORD);
        }
        assertThat(secretLookups).containsExactly("dvdstore-db-password TILEMARK_DVDSTORE_DB_PASSWORD null");
    }

    @Test
    void theDigestIdentifiesThePasswordWithoutRevealingIt() {
        String digest = org.tilemark.workloads.SecretDigest.of(PASSWORD);

        assertThat(digest).hasSize(16).matches("[0-9a-f]+").isEqualTo(org.tilemark.workloads.SecretDigest.of(PASSWORD));
        assertThat(org.tilemark.workloads.SecretDigest.of(PASSWORD + "x")).isNotEqualTo(digest);
    }

    @Test
    void tilesGetTheirOwnVmNames() throws Exception {
        List<VmRequest> vms = workload.vms(3, spec(Map.of("workloads.dvdstore.webServers", "2")), secrets);

        assertThat(vms).extracting(VmRequest::name).containsExactly("tile3-dvdstore-db", "tile3-dvdstore-web1", "tile3-dvdstore-web2");
        assertThat(vms.get(1).settings()).containsEntry("dvdstore.db.peer", "tile3-dvdstore-db");
    }

    @Test
    void anExternalDatabaseHasNoDbVmAndTheTileInItsUrl() throws Exception {
        BenchmarkSpec spec = spec(Map.of("workloads.dvdstore.database.jdbcUrl", "jdbc:postgresql://db.lab:5432/ds3_{tile}",
                "workloads.dvdstore.database.username", "store"));

        List<VmRequest> vms = workload.vms(2, spec, secrets);

        assertThat(vms).extracting(VmRequest::name)
                .containsExactly("tile2-dvdstore-web1", "tile2-dvdstore-web2", "tile2-dvdstore-web3");
        assertThat(vms).allSatisfy(vm -> {
            assertThat(vm.settings()).containsEntry("dvdstore.db.url", "jdbc:postgresql://db.lab:5432/ds3_2")
                    .containsEntry("dvdstore.db.user", "store");
            assertThat(vm.secrets()).containsEntry(DvdStoreWorkload.PASSWORD_VARIABLE, PASSWORD);
        });
    }

    @Test
    void targetThroughputIsActiveUsersTimesOrdersPerThinkTime() throws Exception {
        assertThat(workload.targetThroughput(spec(Map.of("workloads.dvdstore.users", "30", "workloads.dvdstore.thinkTime", "6s",
                "workloads.dvdstore.load.shape", "constant")))).isCloseTo(300.0, within(1e-9));
        assertThat(workload.targetThroughput(spec(Map.of("workloads.dvdstore.users", "7", "workloads.dvdstore.thinkTime", "3s",
                "workloads.dvdstore.load.shape", "constant")))).isCloseTo(140.0, within(1e-9));
        // Bursty (the default): round(7 x 1.5) = 11 users, then the 3 that round(7 x 2) = 14 leaves: a mean of 7.
        assertThat(workload.targetThroughput(spec(Map.of("workloads.dvdstore.users", "7", "workloads.dvdstore.thinkTime", "3s"))))
                .isCloseTo(140.0, within(1e-9));
        assertThat(workload.targetThroughput(spec(Map.of("workloads.dvdstore.users", "30", "workloads.dvdstore.thinkTime", "6s",
                "workloads.dvdstore.load.shape", "bursty", "workloads.dvdstore.load.highFactor", "1.5",
                "workloads.dvdstore.load.lowFactor", "0.5")))).isCloseTo(300.0, within(1e-9));
        assertThat(workload.targetThroughput(spec(Map.of("workloads.dvdstore.users", "30", "workloads.dvdstore.thinkTime", "6s",
                "workloads.dvdstore.load.shape", "bursty", "workloads.dvdstore.load.highFactor", "2",
                "workloads.dvdstore.load.lowFactor", "1")))).isCloseTo(450.0, within(1e-9));
    }

    @Test
    void loadShapeFollowsTheConfiguration() throws Exception {
        assertThat(DvdStoreWorkload.loadShape(spec(Map.of("workloads.dvdstore.users", "30", "workloads.dvdstore.load.shape",
                "constant")).workloads().section(DvdStoreSpec.class)).maxUsers()).isEqualTo(30);
        assertThat(DvdStoreWorkload.loadShape(spec(Map.of("workloads.dvdstore.users", "30")).workloads().section(DvdStoreSpec.class)).maxUsers())
                .as("bursty by default").isEqualTo(45);
        assertThat(DvdStoreWorkload.loadShape(spec(Map.of("workloads.dvdstore.users", "30",
                "workloads.dvdstore.load.shape", "bursty")).workloads().section(DvdStoreSpec.class)).maxUsers()).isEqualTo(45);
    }

    @Test
    void aTileJoiningARunningSearchBurstsInStepWithTheRun() throws Exception {
        DvdStoreSpec ds = spec(Map.of("workloads.dvdstore.users", "30")).workloads().section(DvdStoreSpec.class);
        Instant runOrigin = Instant.parse("2026-11-29T06:00:00Z");
        LoadShape first = DvdStoreWorkload.loadShape(ds, DriverStart.of(runOrigin));
        LoadShape joined = DvdStoreWorkload.loadShape(ds, new DriverStart(runOrigin.plusSeconds(130), runOrigin));

        for (int s = 0; s < 240; s += 5) {
            Duration at = Duration.ofSeconds(s);
            assertThat(joined.active(30, at)).as("user 31 at %d s after the join", s)
                    .isEqualTo(first.active(30, at.plusSeconds(130)));
        }
        assertThat(joined.active(30, Duration.ZERO)).as("130 s into the run: a high half").isTrue();
        assertThat(joined.active(30, Duration.ofSeconds(20))).as("150 s into the run: a low half").isFalse();
    }

    @Test
    void qosRulesComeFromTheConfiguration() throws Exception {
        BenchmarkSpec spec = spec(Map.of("workloads.dvdstore.qos.percentile", "99",
                "workloads.dvdstore.qos.maxFailurePercent", "1.5", "workloads.dvdstore.qos.maxScheduleLagP99", "3s",
                "workloads.dvdstore.qos.limits.login", "500ms"));

        assertThat(workload.qosRules(spec)).containsExactlyInAnyOrder(
                new PercentileRule("login", 99, Duration.ofMillis(500)),
                new PercentileRule("newCustomer", 99, Duration.ofSeconds(1)),
                new PercentileRule("browse", 99, Duration.ofSeconds(1)),
                new PercentileRule("purchase", 99, Duration.ofSeconds(2)),
                new FailureRateRule(1.5, true),
                new ScheduleLagRule(Duration.ofSeconds(3)));
    }

    @Test
    void describesItsMetric() throws Exception {
        BenchmarkSpec spec = spec(Map.of("workloads.dvdstore.referenceOrdersPerMinute", "250"));

        assertThat(workload.name()).isEqualTo("dvdstore");
        assertThat(workload.metricUnit()).isEqualTo("orders/min");
        assertThat(workload.metricPeriod()).isEqualTo(Duration.ofMinutes(1));
        assertThat(workload.reference(spec)).isEqualTo(250.0);
        assertThat(workload.enabled(spec)).isTrue();
        assertThat(workload.enabled(spec(Map.of("workloads.dvdstore.enabled", "false")))).isFalse();
    }

    private static BenchmarkSpec spec(Map<String, String> overrides) throws Exception {
        return ConfigLoader.load(Optional.empty(), new HashMap<>(overrides));
    }
}
