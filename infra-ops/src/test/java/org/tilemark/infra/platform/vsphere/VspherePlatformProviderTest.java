package org.tilemark.infra.platform.vsphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;

class VspherePlatformProviderTest {

    private static Map<String, String> vsphere(String... keyValues) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("cluster.platform", "vsphere");
        for (int i = 0; i < keyValues.length; i += 2) {
            settings.put(keyValues[i], keyValues[i + 1]);
        }
        return settings;
    }

    @Test
    void theSectionIsClusterVsphereWithItsDefaults() throws Exception {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), vsphere("cluster.vsphere.url", "https://vc.example/sdk",
                "cluster.vsphere.datacenter", "DC0", "cluster.vsphere.template", "tilemark-guest",
                "cluster.vsphere.datastores.app", "ds-a", "cluster.vsphere.datastores.maintenance", "ds-m",
                "cluster.vsphere.credentials.username", "tilemark@vsphere.local"));

        VsphereSettings section = (VsphereSettings) spec.cluster().section();
        assertThat(section.datastores()).containsExactly(Map.entry("app", "ds-a"), Map.entry("maintenance", "ds-m"));
        assertThat(Readiness.of(section.readiness())).contains(Readiness.GUEST);
        assertThat(section.credentials().passwordEnv()).isEqualTo("TILEMARK_VSPHERE_PASSWORD");
        assertThat(section.trustStore()).isEmpty();
        assertThat(section.maxTasksInFlight()).isEqualTo(32);
    }

    @Test
    void tasksInFlightAreOneToVcentersOwnLimit() throws Exception {
        for (String bad : java.util.List.of("0", "-3", "641")) {
            assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), vsphere("cluster.vsphere.maxTasksInFlight", bad)))
                    .isInstanceOf(ConfigException.class)
                    .satisfies(e -> assertThat(((ConfigException) e).errors())
                            .contains("cluster.vsphere.maxTasksInFlight: expected 1 to 640 (vCenter queues operations past about that many), got "
                                    + bad));
        }
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), vsphere("cluster.vsphere.maxTasksInFlight", "many")))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).errors()).anyMatch(error -> error.startsWith("cluster.vsphere.maxTasksInFlight")));
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), vsphere("cluster.vsphere.url", "https://vc.example/sdk",
                "cluster.vsphere.datacenter", "DC0", "cluster.vsphere.template", "tilemark-guest",
                "cluster.vsphere.datastores.app", "ds-a", "cluster.vsphere.datastores.maintenance", "ds-m",
                "cluster.vsphere.credentials.username", "tilemark@vsphere.local", "cluster.vsphere.maxTasksInFlight", "640"));
        assertThat(((VsphereSettings) spec.cluster().section()).maxTasksInFlight()).isEqualTo(640);
    }

    @Test
    void badValuesAreReportedTogetherNamingTheirKeysWithoutEchoingAPasswordInTheUrl() {
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), vsphere("cluster.vsphere.url", "https://root:hunter2@vc/sdk",
                "cluster.vsphere.datastores.app", "ds-a", "cluster.vsphere.readiness", "ping", "cluster.vsphere.templat", "x")))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).errors()).anyMatch(error -> error.startsWith("cluster.vsphere.url: "))
                        .anyMatch(error -> error.startsWith("cluster.vsphere.datacenter: "))
                        .anyMatch(error -> error.startsWith("cluster.vsphere.template: "))
                        .anyMatch(error -> error.startsWith("cluster.vsphere.datastores"))
                        .anyMatch(error -> error.startsWith("cluster.vsphere.credentials.username: "))
                        .contains("cluster.vsphere.readiness: expected one of guest, power-state, got 'ping'")
                        .anyMatch(error -> error.contains("cluster.vsphere.templat") && error.contains("did you mean")))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("hunter2"));
    }

    @Test
    void plainHttpIsRefused() {
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), vsphere("cluster.vsphere.url", "http://vc.example/sdk")))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).errors()).anyMatch(error -> error.startsWith("cluster.vsphere.url: ")));
    }
}
