package org.tilemark.infra.platform.libvirt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.ClusterSpec;
import org.tilemark.infra.platform.PlatformSettingException;

class LibvirtPlatformProviderTest {

    private static Map<String, String> libvirt(String... keyValues) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("cluster.platform", "libvirt");
        for (int i = 0; i < keyValues.length; i += 2) {
            settings.put(keyValues[i], keyValues[i + 1]);
        }
        return settings;
    }

    @Test
    void theSectionIsClusterLibvirtWithHostsPoolsNetworkBaseImageAndCloneMode() throws Exception {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), libvirt("cluster.libvirt.hosts.kvm-a", "qemu+ssh://kvm-a/system",
                "cluster.libvirt.hosts.kvm-b", "qemu+tcp://kvm-b/system", "cluster.libvirt.cloneMode", "full"));

        LibvirtSettings section = (LibvirtSettings) spec.cluster().section();
        assertThat(section.hosts()).containsExactly(Map.entry("kvm-a", "qemu+ssh://kvm-a/system"), Map.entry("kvm-b", "qemu+tcp://kvm-b/system"));
        assertThat(section.pools()).containsOnlyKeys(ClusterSpec.DATASTORES);
        assertThat(section.network()).isEqualTo("tilemark");
        assertThat(section.baseImage()).isEqualTo(new LibvirtSettings.BaseImage("tilemark-app", "tilemark-guest.qcow2"));
        assertThat(SettingValues.of(CloneMode.class, section.cloneMode())).contains(CloneMode.FULL);
        assertThat(SettingValues.of(DomainType.class, section.domainType())).contains(DomainType.KVM);
        assertThat(section.credentials().passwordEnv()).isEqualTo("TILEMARK_LIBVIRT_PASSWORD");
    }

    @Test
    void badValuesAreReportedTogetherNamingTheirKeys() {
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), libvirt("cluster.libvirt.hosts.a", "not a uri",
                "cluster.libvirt.hosts.b", "qemu+tcp://root:hunter2@kvm-b/system", "cluster.libvirt.pools.maintenance", "",
                "cluster.libvirt.network", " ", "cluster.libvirt.cloneMode", "thin", "cluster.libvirt.baseImage.volume", "",
                "cluster.libvirt.netwrok", "x", "cluster.libvirt.domainType", "xen", "cluster.libvirt.migration.uri", "tcp://{hostname}",
                "cluster.libvirt.migration.bandwidthMiBps", "-1")))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).errors()).containsExactlyInAnyOrder(
                        "cluster.libvirt.hosts.a: not a URI: 'not a uri' (Illegal character in path)",
                        "cluster.libvirt.hosts.b: must not carry a password; give it in credentials.passwordEnv or credentials.passwordFile",
                        "cluster.libvirt.pools.maintenance: must not be empty",
                        "cluster.libvirt.network: must not be empty",
                        "cluster.libvirt.baseImage.volume: must not be empty",
                        "cluster.libvirt.cloneMode: expected one of linked, full, got 'thin'",
                        "cluster.libvirt.domainType: expected one of kvm, qemu, got 'xen'",
                        "cluster.libvirt.migration.uri: unknown placeholder {hostname} (known: {host}, {address})",
                        "cluster.libvirt.migration.bandwidthMiBps: must be 0 (no cap) or more, got -1",
                        "unknown key 'cluster.libvirt.netwrok' (did you mean 'cluster.libvirt.network'?)"))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("hunter2"));
    }

    @Test
    void aRunOnLibvirtMustNameItsHosts() {
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), libvirt()))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).errors()).containsExactly(
                        "cluster.libvirt.hosts: must name at least one host (name: libvirt URI, e.g. kvm-a: qemu+ssh://kvm-a/system)"));
    }

    @Test
    void aHostThatDoesNotAnswerIsBadInputNamingItsKey() throws Exception {
        // A port nothing listens on: libvirt's remote driver is refused at once.
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), libvirt("cluster.libvirt.hosts.kvm-a", "qemu+tcp://127.0.0.1:1/system"));

        assertThatThrownBy(() -> new LibvirtPlatformProvider().create((LibvirtSettings) spec.cluster().section(), spec.cluster()))
                .isInstanceOf(PlatformSettingException.class)
                .hasMessageStartingWith("cluster.libvirt.hosts.kvm-a: cannot connect to qemu+tcp://127.0.0.1:1/system (")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void theTagInADomainsMetadataNamesRunTileRoleAndVm() {
        TilemarkTag tag = new TilemarkTag("run-1", 2, "dvdstore-db", "dvdstore-db-2");

        assertThat(TilemarkTag.parse(tag.metadataXml())).contains(tag);
        assertThat(TilemarkTag.parse("<other xmlns='x'/>")).isEmpty();
        assertThat(tag.domainName()).isEqualTo("tm-run-1-dvdstore-db-2");
        assertThat(tag.volumePrefix()).startsWith(TilemarkTag.runPrefix("run-1")).startsWith(TilemarkTag.runPrefix(null));
    }

    @Test
    void aBridgeReplacesTheNetworkAndEmulationOrUnsafeMigrationSayWhyARunIsNotPublishable() throws Exception {
        LibvirtSettings kvm = (LibvirtSettings) ConfigLoader.load(Optional.empty(), libvirt("cluster.libvirt.hosts.kvm-a",
                "qemu+ssh://kvm-a/system", "cluster.libvirt.bridge", "br0", "cluster.libvirt.network", "")).cluster().section();
        assertThat(NicSource.of(kvm)).isEqualTo(new NicSource("bridge", "br0"));
        assertThat(NicSource.of(kvm).network()).isEmpty();
        assertThat(Unpublishable.reasons(kvm)).isEmpty();

        LibvirtSettings lab = (LibvirtSettings) ConfigLoader.load(Optional.empty(), libvirt("cluster.libvirt.hosts.kvm-a",
                "qemu+ssh://kvm-a/system", "cluster.libvirt.domainType", "qemu", "cluster.libvirt.unsafeMigration", "true"))
                .cluster().section();
        assertThat(NicSource.of(lab).network()).contains("tilemark");
        assertThat(Unpublishable.reasons(lab)).satisfiesExactly(
                emulation -> assertThat(emulation).startsWith("cluster.libvirt.domainType is qemu: ").contains("software emulation"),
                unsafe -> assertThat(unsafe).startsWith("cluster.libvirt.unsafeMigration is true: "));
    }
}
