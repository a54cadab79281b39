package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.templates.guest.HostPort;
import org.tilemark.workloads.VmRequest;
import org.tilemark.infra.platform.fake.FakePlatform;

/** Provisioning order and addresses on the shared {@link FakePlatform}. */
class TileProvisionerTest {

    private static final Map<String, String> SECRETS = Map.of("TILEMARK_DVDSTORE_DB_PASSWORD", "pw");

    @Test
    void aVmIsDeployedOnlyOnceItsPeersAreUpAndIsGivenTheAddressTheyReportThen() throws Exception {
        FakePlatform platform = twoHosts();
        List<TileProvisioner.DeployedVm> deployed = new ArrayList<>();
        RunEvents events = new RunEvents();

        new TileProvisioner(platform, "run-p", Duration.ofSeconds(5), events, () -> { }).provision(Map.of(1, tile(1)), deployed, 0);

        // The database (and the standby, which needs nothing) first; the web tier after the database is up.
        // A wave's VMs power on together, in any order.
        assertThat(platform.calls).hasSize(8);
        assertThat(platform.calls.subList(0, 2)).containsExactly("deploy tile1-db", "deploy tile1-standby");
        assertThat(platform.calls.subList(2, 4)).containsExactlyInAnyOrder("powerOn tile1-db", "powerOn tile1-standby");
        assertThat(platform.calls.subList(4, 6)).containsExactly("deploy tile1-web1", "deploy tile1-web2");
        assertThat(platform.calls.subList(6, 8)).containsExactlyInAnyOrder("powerOn tile1-web1", "powerOn tile1-web2");
        HostPort db = new HostPort(deployed.getFirst().endpoint().getHostString(), deployed.getFirst().endpoint().getPort());
        assertThat(platform.specs.get("tile1-web1").peers()).isEqualTo(Map.of("tile1-db", Map.of("main", db)));
        assertThat(platform.specs.get("tile1-db").peers()).isEmpty();
        assertThat(platform.specs.get("tile1-web2").secrets()).isEqualTo(SECRETS);
        // Listed and placed in request order, round robin over the hosts.
        assertThat(deployed).extracting(vm -> vm.vm().name())
                .containsExactly("tile1-db", "tile1-web1", "tile1-web2", "tile1-standby");
        assertThat(deployed).extracting(vm -> vm.vm().host()).containsExactly("host-0", "host-1", "host-0", "host-1");
        assertThat(deployed).allSatisfy(vm -> assertThat(vm.endpoints()).containsKey("main"));
        // Each VM's boot time is an event of the run, none of them a stop.
        assertThat(events.all()).extracting(RunEvents.Event::what).anySatisfy(what -> assertThat(what)
                .matches("VM tile1-db \\(dvdstore-db, tile 1\\) ready on host-0 \\d+ s after its power-on")).hasSize(4);
        assertThat(events.all()).noneMatch(RunEvents.Event::vmStopped);
    }

    @Test
    void tilesStartTheirWavesTogetherAndPlacementContinuesAfterPlacedVms() throws Exception {
        FakePlatform platform = twoHosts();
        List<TileProvisioner.DeployedVm> deployed = new ArrayList<>();

        provisioner(platform).provision(Map.of(2, tile(2), 3, tile(3)), deployed, 1);

        assertThat(platform.calls.subList(0, 4)).containsExactly("deploy tile2-db", "deploy tile2-standby",
                "deploy tile3-db", "deploy tile3-standby");
        assertThat(platform.calls.indexOf("deploy tile3-web1")).isGreaterThan(platform.calls.indexOf("powerOn tile3-db"));
        assertThat(deployed.getFirst().vm().host()).isEqualTo("host-1");
        assertThat(deployed).extracting(vm -> vm.vm().tile()).containsExactly(2, 2, 2, 2, 3, 3, 3, 3);
    }

    @Test
    void aPeerThatIsNotRequestedBeforeItsVmFailsBeforeAnythingIsDeployed() {
        FakePlatform platform = twoHosts();
        List<VmRequest> backwards = List.of(
                new VmRequest("tile1-web1", "dvdstore-web", Map.of(), Map.of("dvdstore.db.peer", "tile1-db"), List.of("tile1-db"), SECRETS),
                new VmRequest("tile1-db", "dvdstore-db", Map.of(), Map.of(), SECRETS));

        assertThatThrownBy(() -> provisioner(platform).provision(Map.of(1, backwards), new ArrayList<>(), 0))
                .isInstanceOf(PlatformException.class)
                .hasMessageContaining("VM tile1-web1 needs VM tile1-db, which is not requested before it");
        assertThat(platform.calls).isEmpty();
    }

    @Test
    void aPeerThatFailsToStartStopsProvisioningWithItsReasonAndItsDependantsAreNeverDeployed() {
        FakePlatform platform = twoHosts().failingToStart("tile1-db", "database would not start");
        List<TileProvisioner.DeployedVm> deployed = new ArrayList<>();

        assertThatThrownBy(() -> provisioner(platform).provision(Map.of(1, tile(1)), deployed, 0))
                .isInstanceOf(PlatformException.class).hasMessageContaining("tile1-db failed to start: database would not start");
        assertThat(platform.calls).noneMatch(call -> call.contains("web"));
        // What was deployed is listed for teardown.
        assertThat(deployed).extracting(vm -> vm.vm().name()).containsExactlyInAnyOrder("tile1-db", "tile1-standby");
    }

    private static TileProvisioner provisioner(FakePlatform platform) {
        return new TileProvisioner(platform, "run-p", Duration.ofSeconds(5), new RunEvents(), () -> { });
    }

    /** The shared fixture as provisioning sees it: two hosts, no migrations. */
    private static FakePlatform twoHosts() {
        return new FakePlatform(2, EnumSet.noneOf(Capability.class));
    }

    private static List<VmRequest> tile(int tile) {
        String db = "tile" + tile + "-db";
        Map<String, String> web = Map.of("dvdstore.db.peer", db);
        return List.of(
                new VmRequest(db, "dvdstore-db", Map.of("dvdstore.size", "S"), Map.of(), SECRETS),
                new VmRequest("tile" + tile + "-web1", "dvdstore-web", Map.of(), web, List.of(db), SECRETS),
                new VmRequest("tile" + tile + "-web2", "dvdstore-web", Map.of(), web, List.of(db), SECRETS),
                new VmRequest("tile" + tile + "-standby", "standby", Map.of(), Map.of(), Map.of()));
    }
}
