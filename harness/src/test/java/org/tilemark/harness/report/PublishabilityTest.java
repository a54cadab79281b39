package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.ConfigWriter;

class PublishabilityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode run(String platform, String profile) {
        ObjectNode run = JSON.createObjectNode();
        run.put("platform", platform).put("profile", profile).put("platformPublishable", !platform.equals("local"));
        run.set("config", JSON.valueToTree(ConfigWriter.toMap(ConfigLoader.defaults())));
        return run;
    }

    @Test
    void theLocalPlatformAndTheQuickProfileAreEachAReason() {
        assertThat(Publishability.reasons(run("local", "quick"))).containsExactly(
                "local platform: its results are not publishable (the platform says so)",
                "quick profile (shorter phases than a publishable run)");
        assertThat(Publishability.reasons(run("vsphere", "full"))).isEmpty();
    }

    @Test
    void aBundleWithoutThePlatformsAnswerIsNotPublishable() {
        ObjectNode formatOne = run("local", "full");
        formatOne.remove("platformPublishable");
        formatOne.put("publishable", false);

        assertThat(Publishability.reasons(formatOne)).containsExactly(
                "local platform: its results are not publishable (the platform says so)");
    }

    @Test
    void aLooserQosThresholdOrAChangedReferenceIsNamedWithItsDefault() {
        ObjectNode run = run("vsphere", "full");
        ObjectNode olio = (ObjectNode) run.at("/config/workloads/olio");
        olio.put("cycleTimeTolerancePercent", 5.0);
        ((ObjectNode) olio.get("qos")).put("maxFailurePercent", 1.0);
        ((ObjectNode) olio.get("qos").get("limits")).putNull("AddEvent");
        ((ObjectNode) run.at("/config/workloads/mail/qos/limits")).put("send", "750ms");
        ((ObjectNode) run.at("/config/workloads/dvdstore")).put("referenceOrdersPerMinute", 150.0);

        assertThat(Publishability.reasons(run)).containsExactlyInAnyOrder(
                "relaxed rule: workloads.dvdstore.referenceOrdersPerMinute = 150.0 (default 300.0), a changed reference",
                "relaxed rule: workloads.mail.qos.limits.send = 750ms (default 500ms)",
                "relaxed rule: workloads.olio.qos.limits.AddEvent = none (default 4s), limit removed",
                "relaxed rule: workloads.olio.qos.maxFailurePercent = 1.0 (default 0.5)",
                "relaxed rule: workloads.olio.cycleTimeTolerancePercent = 5.0 (default 2.0)");
    }

    @Test
    void aStricterRuleIsNoReason() {
        ObjectNode run = run("vsphere", "full");
        ((ObjectNode) run.at("/config/workloads/mail/qos/limits")).put("send", "250ms");
        ((ObjectNode) run.at("/config/workloads/olio/qos")).put("percentile", 99.0);

        assertThat(Publishability.reasons(run)).isEmpty();
    }
}
