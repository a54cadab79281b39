package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.bundle.ResultsBundle;

class RunJsonTest {

    @Test
    void recordsTheMixTargetsTheRunIsHeldToAndThePlatformsOwnPublishability() {
        ObjectNode run = ResultsBundle.tree(RunJson.of("r1", ConfigLoader.defaults(), Instant.parse("2026-11-24T00:00:00Z"), null, null,
                List.of()));

        assertThat(run.at("/mixTargets/olio/HomePage").asDouble()).isCloseTo(26.2, within(0.1));
        assertThat(run.at("/mixTargets/olio").size()).isEqualTo(7);
        // Without a platform there is no answer from one, so the run is not publishable.
        assertThat(run.path("platformPublishable").asBoolean(true)).isFalse();
        assertThat(run.path("publishable").asBoolean(true)).isFalse();
    }

    /** Issue 16: -s workloads.dvdstore.users=60 is named with its value and standard value in run.json. */
    @Test
    void aDepartureFromTheStandardIsRecordedByKeyValueAndStandardValue() throws Exception {
        ObjectNode run = ResultsBundle.tree(RunJson.of("r1", ConfigLoader.load(Optional.empty(),
                Map.of("workloads.dvdstore.users", "60")), Instant.parse("2026-11-24T00:00:00Z"), null, null, List.of()));

        assertThat(run.path("publishable").asBoolean(true)).isFalse();
        assertThat(run.path("notPublishableBecause")).extracting(JsonNode::asText).contains(
                "workloads.dvdstore.users = 60 (standard 30)", "quick profile (not the standard profile of docs/run-rules.md)",
                "run.phaseDuration = 1m (standard 1h)");
    }

    /** Issue 16: --profile standard on the local platform: the platform is the only reason. */
    @Test
    void theStandardProfileOnTheLocalPlatformIsNotPublishableOnlyBecauseOfThePlatform() throws Exception {
        ObjectNode run = ResultsBundle.tree(RunJson.of("r1", ConfigLoader.load(Optional.empty(),
                Map.of("run.profile", "standard")), Instant.parse("2026-11-24T00:00:00Z"), null, null, List.of()));

        assertThat(run.path("notPublishableBecause")).extracting(JsonNode::asText).containsExactly(
                "local platform: its results are not publishable (the platform says so)");
    }
}
