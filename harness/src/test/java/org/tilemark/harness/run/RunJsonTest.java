package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.infra.platform.Vm;
import org.tilemark.templates.image.GuestImage;
import org.tilemark.templates.image.ImageManifest;
import org.tilemark.workloads.VmRequest;
import org.tilemark.infra.platform.fake.FakePlatform;

class RunJsonTest {

    @Test
    void recordsTheMixTargetsTheRunIsHeldToAndThePlatformsOwnPublishability() {
        ObjectNode run = ResultsBundle.tree(RunJson.of("r1", ConfigLoader.defaults(), Instant.parse("2026-11-24T00:00:00Z"), null, RunJson.PlatformFacts.NONE,
                List.of()));

        assertThat(run.at("/mixTargets/olio/HomePage").asDouble()).isCloseTo(26.2, within(0.1));
        assertThat(run.at("/mixTargets/olio").size()).isEqualTo(7);
        // Without a platform there is no answer from one, so the run is not publishable.
        assertThat(run.path("platformPublishable").asBoolean(true)).isFalse();
        assertThat(run.path("publishable").asBoolean(true)).isFalse();
    }

    /** Issue 12: run.json names the image every VM booted, each image once with its whole manifest. */
    @Test
    void disclosesTheImageEveryVmBootedAsItsGuestReportedIt() throws Exception {
        ImageManifest manifest = new ImageManifest("0.1.0", "bookworm", "amd64", "http://deb.debian.org/debian", "6.1.0-50-cloud-amd64",
                "25+36", "18.6", Map.of("bash", "5.2.15-2+b9", "systemd", "252.39-1~deb12u1"), List.of("tilemark-workloads.jar"), null);
        GuestImage image = new GuestImage("ab12", manifest);
        FakePlatform platform = new FakePlatform(2, Set.of()).booting(image);
        List<TileProvisioner.DeployedVm> vms = new ArrayList<>();
        for (String role : List.of("standby", "mail")) {
            Vm vm = platform.running("tile1-" + role, role, 1, "host-0");
            vms.add(new TileProvisioner.DeployedVm(new VmRequest(vm.name(), role, Map.of(), Map.of(), Map.of()), vm, platform.endpoints(vm)));
        }

        ObjectNode run = ResultsBundle.tree(RunJson.of("r1", ConfigLoader.defaults(), Instant.parse("2026-11-24T00:00:00Z"), null,
                RunJson.PlatformFacts.of(platform, vms), vms));

        assertThat(run.at("/inventory/images")).hasSize(1);
        assertThat(run.at("/inventory/images/0/manifestSha256").asText()).isEqualTo("ab12");
        assertThat(run.at("/inventory/images/0/manifest/kernel").asText()).isEqualTo("6.1.0-50-cloud-amd64");
        assertThat(run.at("/inventory/images/0/manifest/packages/systemd").asText()).isEqualTo("252.39-1~deb12u1");
        assertThat(run.at("/inventory/vms")).extracting(vm -> vm.path("imageManifestSha256").asText()).containsExactly("ab12", "ab12");
        // A platform that counts CPUs only discloses each as a core of one thread.
        assertThat(run.at("/inventory/hosts/0/cores").asInt()).isEqualTo(1);
        assertThat(run.at("/inventory/hosts/0/threads").asInt()).isEqualTo(1);
    }

    @Test
    void aRunWhoseVmsBootNoImageDisclosesNone() {
        FakePlatform platform = new FakePlatform(1, Set.of());
        Vm vm = platform.running("tile1-standby", "standby", 1, "host-0");

        List<TileProvisioner.DeployedVm> vms = List.of(new TileProvisioner.DeployedVm(new VmRequest(vm.name(), "standby", Map.of(),
                Map.of(), Map.of()), vm, platform.endpoints(vm)));
        ObjectNode run = ResultsBundle.tree(RunJson.of("r1", ConfigLoader.defaults(), Instant.parse("2026-11-24T00:00:00Z"), null,
                RunJson.PlatformFacts.of(platform, vms), vms));

        assertThat(run.at("/inventory/images")).isEmpty();
        assertThat(run.at("/inventory/vms/0/imageManifestSha256").isNull()).isTrue();
    }

    /** Issue 16: -s workloads.dvdstore.users=60 is named with its value and standard value in run.json. */
    @Test
    void aDepartureFromTheStandardIsRecordedByKeyValueAndStandardValue() throws Exception {
        ObjectNode run = ResultsBundle.tree(RunJson.of("r1", ConfigLoader.load(Optional.empty(),
                Map.of("workloads.dvdstore.users", "60")), Instant.parse("2026-11-24T00:00:00Z"), null, RunJson.PlatformFacts.NONE, List.of()));

        assertThat(run.path("publishable").asBoolean(true)).isFalse();
        assertThat(run.path("notPublishableBecause")).extracting(JsonNode::asText).contains(
                "workloads.dvdstore.users = 60 (standard 440)", "quick profile (not the standard profile of docs/run-rules.md)",
                "run.phaseDuration = 1m (standard 1h)", "run.tileScale = 0.07 (standard 1.0)");
        assertThat(run.path("tileScale").asDouble()).isEqualTo(0.07);
    }

    /** Issue 16: --profile standard on the local platform: the platform is the only reason. */
    @Test
    void theStandardProfileOnTheLocalPlatformIsNotPublishableOnlyBecauseOfThePlatform() throws Exception {
        ObjectNode run = ResultsBundle.tree(RunJson.of("r1", ConfigLoader.load(Optional.empty(),
                Map.of("run.profile", "standard")), Instant.parse("2026-11-24T00:00:00Z"), null, RunJson.PlatformFacts.NONE, List.of()));

        assertThat(run.path("notPublishableBecause")).extracting(JsonNode::asText).containsExactly(
                "local platform: its results are not publishable (the platform says so)");
    }
}
