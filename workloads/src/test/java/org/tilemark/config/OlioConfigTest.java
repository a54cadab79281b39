package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
import org.tilemark.workloads.olio.OlioSpec;

class OlioConfigTest {

    @TempDir
    Path dir;

    @Test
    void defaultsFollowFabansOlioRules() {
        OlioSpec olio = ConfigLoader.defaults().workloads().section(OlioSpec.class);

        assertThat(olio).isEqualTo(new OlioSpec(true, 390, Duration.ofSeconds(5), 5, 100, 25, 40, 10, "olio",
                "TILEMARK_OLIO_DB_PASSWORD", null, 10, 78.0,
                new QosSpec(90, Map.of("HomePage", Duration.ofSeconds(1), "Login", Duration.ofSeconds(1),
                        "Logout", Duration.ofSeconds(1), "TagSearch", Duration.ofSeconds(2),
                        "EventDetail", Duration.ofSeconds(2), "PersonDetail", Duration.ofSeconds(2),
                        "AddPerson", Duration.ofSeconds(3), "AddEvent", Duration.ofSeconds(4)),
                        0.5, Duration.ofSeconds(2)),
                0, 2, 2, Duration.ofSeconds(10)));
        assertThat(olio.qos().limits().keySet()).containsExactlyInAnyOrderElementsOf(OlioSpec.OPERATIONS);
        assertThat(olio.targetOpsPerSecond()).isCloseTo(78.0, within(1e-9));
        assertThat(olio.targetOpsPerSecond()).isCloseTo(olio.referenceOpsPerSecond(), within(1e-9));
        assertThat(olio.loadedUsers()).isEqualTo(39000);
        assertThat(olio.qos().limits()).isUnmodifiable();
    }

    @Test
    void derivedValuesFollowUsersCycleTimeAndTheLoadedUserFloor() throws ConfigException {
        OlioSpec olio = ConfigLoader.load(Optional.empty(), Map.of("workloads.olio.users", "1",
                "workloads.olio.cycleTime", "2500ms", "workloads.olio.loadedUsersPerUser", "10",
                "workloads.olio.minLoadedUsers", "25")).workloads().section(OlioSpec.class);

        assertThat(olio.targetOpsPerSecond()).isCloseTo(0.4, within(1e-9));
        assertThat(olio.loadedUsers()).isEqualTo(25);
    }

    @Test
    void aFileMayChangeOneLimitButNotRemoveOne() throws Exception {
        Path file = write("""
                workloads:
                  olio:
                    qos:
                      limits: {AddEvent: 5s}
                """);
        // Removing a limit would silently drop its QoS rule, so ~ is refused naming the key.
        Path removing = write("""
                workloads:
                  olio:
                    qos:
                      limits: {Logout: ~}
                """);

        OlioSpec olio = ConfigLoader.load(Optional.of(file), Map.of()).workloads().section(OlioSpec.class);

        assertThat(olio.qos().limits()).containsEntry("AddEvent", Duration.ofSeconds(5))
                .containsEntry("HomePage", Duration.ofSeconds(1)).hasSize(8);
        assertThatThrownBy(() -> ConfigLoader.load(Optional.of(removing), Map.of()))
                .hasMessage("workloads.olio.qos.limits.Logout: a limit cannot be removed (~ or null); give a duration");
    }

    @Test
    void rangeChecksNameEveryOlioKey() throws Exception {
        Path file = write("""
                workloads:
                  olio:
                    users: 0
                    cycleTime: 0s
                    maxCycleFactor: 0.5
                    loadedUsersPerUser: 0
                    minLoadedUsers: 0
                    emptyCachePercent: 101
                    attendPercent: -1
                    dbUsername: ""
                    poolSize: 0
                    referenceOpsPerSecond: 0
                    qos:
                      percentile: 100
                      limits: {Homepage: 1s, Frobnicate: 1s, TagSearch: 0s}
                      maxFailurePercent: 150
                      maxScheduleLagP99: 0s
                    mixTolerancePercent: -1
                    mixToleranceFloorPoints: -0.5
                    cycleTimeTolerancePercent: -2
                    requestTimeout: -1s
                """);

        assertThat(errorsOf(file)).containsExactlyInAnyOrder(
                "workloads.olio.users: must be >= 1 (got 0)",
                "workloads.olio.cycleTime: must be > 0 (got 0s)",
                "workloads.olio.maxCycleFactor: must be >= 1 (got 0.5)",
                "workloads.olio.loadedUsersPerUser: must be >= 1 (got 0)",
                "workloads.olio.minLoadedUsers: must be >= 1 (got 0)",
                "workloads.olio.emptyCachePercent: must be between 0 and 100 (got 101)",
                "workloads.olio.attendPercent: must be between 0 and 100 (got -1)",
                "workloads.olio.dbUsername: must not be empty",
                "workloads.olio.poolSize: must be >= 1 (got 0)",
                "workloads.olio.referenceOpsPerSecond: must be > 0 (got 0)",
                "workloads.olio.qos.percentile: must be > 0 and < 100 (got 100)",
                "workloads.olio.qos.limits.TagSearch: must be > 0 (got 0s)",
                "workloads.olio.qos.limits.Homepage: unknown operation 'Homepage' (did you mean 'HomePage'?)",
                "workloads.olio.qos.limits.Frobnicate: unknown operation 'Frobnicate' (expected one of: HomePage, Login, Logout,"
                        + " TagSearch, EventDetail, PersonDetail, AddPerson, AddEvent)",
                "workloads.olio.qos.maxFailurePercent: must be between 0 and 100 (got 150)",
                "workloads.olio.qos.maxScheduleLagP99: must be > 0 (got 0s)",
                "workloads.olio.mixTolerancePercent: must be between 0 and 100 (got -1)",
                "workloads.olio.mixToleranceFloorPoints: must be between 0 and 100 (got -0.5)",
                "workloads.olio.cycleTimeTolerancePercent: must be between 0 and 100 (got -2)",
                "workloads.olio.requestTimeout: must be > 0 (got -1s)");
    }

    @Test
    void zeroTolerancesAndAFactorOfOneAreValid() throws ConfigException {
        OlioSpec olio = ConfigLoader.load(Optional.empty(), Map.of("workloads.olio.mixTolerancePercent", "0",
                "workloads.olio.mixToleranceFloorPoints", "0", "workloads.olio.cycleTimeTolerancePercent", "0",
                "workloads.olio.maxCycleFactor", "1")).workloads().section(OlioSpec.class);

        assertThat(olio.mixToleranceFloorPoints()).isZero();
        assertThat(olio.maxCycleFactor()).isEqualTo(1.0);
    }

    @Test
    void aMisspelledOlioKeyIsRejected() {
        assertThat(errorsOf(Optional.empty(), Map.of("workloads.olio.cycletime", "3s")))
                .singleElement().asString().contains("workloads.olio.cycletime").contains("cycleTime");
    }

    private Path write(String yaml) throws IOException {
        Path file = Files.createTempFile(dir, "tilemark", ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private static List<String> errorsOf(Path file) {
        return errorsOf(Optional.of(file), Map.of());
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
