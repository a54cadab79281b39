package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
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
}
