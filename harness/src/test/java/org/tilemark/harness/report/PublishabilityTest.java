package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.tilemark.harness.bundle.RunFile;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.ConfigWriter;

class PublishabilityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static RunFile read(ObjectNode run) {
        return JSON.convertValue(run, RunFile.class);
    }

    private static ObjectNode run(String platform, BenchmarkSpec spec) {
        ObjectNode run = JSON.createObjectNode();
        run.put("platform", platform).put("profile", spec.run().profile()).put("platformPublishable", !platform.equals("local"));
        run.set("config", JSON.valueToTree(ConfigWriter.toMap(spec)));
        return run;
    }

    private static ObjectNode standard(String platform) {
        return run(platform, ConfigLoader.standard());
    }

    @Test
    void theLocalPlatformAndTheQuickProfileAreReasonsAndSoIsEveryRunSettingTheQuickProfileShortens() {
        assertThat(Publishability.reasons(read(run("local", ConfigLoader.defaults())))).containsExactly(
                "local platform: its results are not publishable (the platform says so)",
                "quick profile (not the standard profile of docs/run-rules.md)",
                "run.tileScale = 0.07 (standard 1.0)",
                "run.phaseDuration = 1m (standard 1h)",
                "run.warmup = 30s (standard 30m)");
        assertThat(Publishability.reasons(read(standard("vsphere")))).isEmpty();
        assertThat(Publishability.reasons(read(standard("local")))).containsExactly(
                "local platform: its results are not publishable (the platform says so)");
    }

    @Test
    void aMailVmServedByTheStandInIsAReasonTheRealServerIsNot() {
        ObjectNode run = standard("libvirt");
        var vms = run.putObject("inventory").putArray("vms");
        vms.addObject().put("name", "tile1-mail").putObject("server").put("name", "GreenMail (stand-in)").put("standIn", true);
        vms.addObject().put("name", "tile2-mail").putObject("server").put("name", "Postfix and Dovecot").put("standIn", false);
        vms.addObject().put("name", "tile1-standby");

        assertThat(Publishability.reasons(read(run))).containsExactly(
                "tile1-mail served with GreenMail (stand-in), a stand-in for the real server (docs/workloads.md)");
    }

    @Test
    void aBundleWithoutThePlatformsAnswerIsNotPublishable() {
        ObjectNode formatOne = standard("local");
        formatOne.remove("platformPublishable");
        formatOne.put("publishable", false);

        assertThat(Publishability.reasons(read(formatOne))).containsExactly(
                "local platform: its results are not publishable (the platform says so)");
    }

    @Test
    void everyLoadParameterAwayFromItsStandardValueIsNamedWithIt() throws ConfigException {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.profile", "standard",
                "workloads.dvdstore.users", "60", "workloads.mail.acceleration", "60", "infra.pause", "5s",
                "infra.blocks", "2", "run.phases", "2", "workloads.olio.cycleTime", "3s", "run.tiles", "4"));

        assertThat(Publishability.reasons(read(run("vsphere", spec)))).containsExactlyInAnyOrder(
                "run.phases = 2 (standard 3)",
                "workloads.dvdstore.users = 60 (standard 440)",
                "workloads.mail.acceleration = 60.0 (standard 30.0)",
                "workloads.olio.cycleTime = 3s (standard 5s)",
                "infra.blocks = 2 (standard 0)",
                "infra.pause = 5s (standard 15s)");
    }

    @Test
    void aLooserQosThresholdOrAChangedReferenceIsNamedWithItsStandardValue() {
        ObjectNode run = standard("vsphere");
        ObjectNode olio = (ObjectNode) run.at("/config/workloads/olio");
        olio.put("cycleTimeTolerancePercent", 5.0);
        ((ObjectNode) olio.get("qos")).put("maxFailurePercent", 1.0);
        ((ObjectNode) olio.get("qos").get("limits")).putNull("AddEvent");
        ((ObjectNode) run.at("/config/workloads/mail/qos/limits")).put("send", "750ms");
        ((ObjectNode) run.at("/config/workloads/dvdstore")).put("referenceOrdersPerMinute", 150.0);

        assertThat(Publishability.reasons(read(run))).containsExactlyInAnyOrder(
                "workloads.dvdstore.referenceOrdersPerMinute = 150.0 (standard 4400.0), a changed reference",
                "workloads.mail.qos.limits.send = 750ms (standard 500ms), a looser QoS rule",
                "workloads.olio.qos.limits.AddEvent = none (standard 4s), a QoS limit removed",
                "workloads.olio.qos.maxFailurePercent = 1.0 (standard 0.5), a looser QoS rule",
                "workloads.olio.cycleTimeTolerancePercent = 5.0 (standard 2.0), a looser QoS rule");
    }

    @Test
    void anyTileScaleButOneIsAReasonAndABundleWrittenBeforeTheKeyRanAtOne() throws ConfigException {
        BenchmarkSpec half = ConfigLoader.load(Optional.empty(), Map.of("run.profile", "standard", "run.tileScale", "0.5"));
        assertThat(Publishability.reasons(read(run("vsphere", half)))).containsExactly("run.tileScale = 0.5 (standard 1.0)");

        ObjectNode older = standard("vsphere");
        ((ObjectNode) older.at("/config/run")).remove("tileScale");
        assertThat(Publishability.reasons(read(older))).isEmpty();
    }

    @Test
    void aStricterRuleOrAFreeSettingIsNoReason() {
        ObjectNode run = standard("vsphere");
        ((ObjectNode) run.at("/config/workloads/mail/qos/limits")).put("send", "250ms");
        ((ObjectNode) run.at("/config/workloads/olio/qos")).put("percentile", 99.0);
        ((ObjectNode) run.at("/config/run")).put("tiles", 8).put("results", "/elsewhere");
        ((ObjectNode) run.at("/config/serve")).put("address", "0.0.0.0").put("port", 0);

        assertThat(Publishability.reasons(read(run))).isEmpty();
    }

    @Test
    void aProfileOutsideTheFixedSetIsBadInputNamingTheKey() {
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), Map.of("run.profile", "full")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("run.profile: 'full' is not a profile (quick, standard)");
    }
}
