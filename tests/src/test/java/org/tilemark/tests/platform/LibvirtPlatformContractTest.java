package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.PlatformSettingException;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Vm;
import org.tilemark.tests.image.TestGuestImage;
import org.tilemark.tests.lanes.VmLane;

/**
 * The libvirt platform passes the platform contract against real libvirt: the two-host lab
 * ({@link LibvirtTestHosts}: each host its own network namespace, bridge and libvirtd, one L2 segment,
 * the lab's own DHCP server), VMs booted from the guest image under QEMU's software emulation (no usable
 * KVM here) on the hosts' bridges, their addresses from their own readiness reports; real live
 * migration over TCP between the hosts, block copy and migration with disk copy.
 * The guest image is {@link TestGuestImage}'s: built once per test run and shared with the image's own tests.
 */
@VmLane
class LibvirtPlatformContractTest extends PlatformContract {

    @RegisterExtension
    static final LibvirtLab LAB = new LibvirtLab("libvirt-contract");

    @Override
    protected Map<String, String> settings(Path workDir) {
        return LAB.hosts().clusterSettings();
    }

    @Test
    void aMissingPoolBridgeOrBaseImageIsBadInputNamingItsKeyAndDefinesNothing() throws Exception {
        Path workDir = LAB.dir().resolve("settings");
        Map<String, String> problems = new LinkedHashMap<>();
        problems.put("cluster.libvirt.pools.maintenance", "no-such-pool");
        problems.put("cluster.libvirt.bridge", "no-such-bridge");
        problems.put("cluster.libvirt.baseImage.volume", "no-such-image.qcow2");
        problems.put("cluster.libvirt.hosts.host-2", "qemu+tcp://127.0.0.1:1/system");
        for (var problem : problems.entrySet()) {
            Map<String, String> settings = new LinkedHashMap<>(settings(workDir));
            settings.put(problem.getKey(), problem.getValue());
            var spec = ConfigLoader.load(Optional.empty(), settings);

            assertThatThrownBy(() -> Platforms.create(spec.cluster()))
                    .isInstanceOf(PlatformSettingException.class)
                    .hasMessageStartingWith(problem.getKey() + ": ")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
        assertThat(platform.leftovers(null)).as("nothing defined on any host").isEmpty();
    }

    @Override
    protected void crash(Vm vm) throws Exception {
        LAB.hosts().destroyDomain("tm-" + vm.runId() + "-" + vm.name());
    }

    @Override
    protected Optional<String> expectedGuestManifestSha256() {
        try {
            return Optional.of(TestGuestImage.get().manifest().image().guestManifestSha256());
        } catch (Exception e) {
            throw new IllegalStateException("the test's guest image", e);
        }
    }

    @Override
    protected boolean reportsGuestMemoryInUse() {
        return true;
    }

    @Override
    protected boolean bootsAreSlow() {
        return true;
    }

    @Override
    protected boolean bootsTheGuestImage() {
        return true;
    }

    @Override
    protected Duration bootTimeout() {
        return Duration.ofMinutes(12);
    }

    @Override
    protected Duration requestTimeout() {
        // Seen here: a standby guest's first heartbeat under TCG took 12 s on a busy machine.
        return Duration.ofMinutes(1);
    }
}
