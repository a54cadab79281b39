package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeySuggestionsTest {

    private final KeySuggestions suggestions = new KeySuggestions(BenchmarkSpec.class, PlatformConfigs.load(), WorkloadConfigs.installed());

    @Test
    void distanceCountsATranspositionAsOneEdit() {
        assertThat(KeySuggestions.distance("tiels", "tiles")).isEqualTo(1);
        assertThat(KeySuggestions.distance("tile", "tiles")).isEqualTo(1);
        assertThat(KeySuggestions.distance("", "abc")).isEqualTo(3);
        assertThat(KeySuggestions.distance("kitten", "sitting")).isEqualTo(3);
    }

    @Test
    void prefersSiblingsThenTheClosestPathAnywhere() {
        assertThat(suggestions.suggest("run", "tiels")).contains("run.tiles");
        assertThat(suggestions.suggest("", "tile")).contains("run.tiles");
        assertThat(suggestions.suggest("run", "hosts")).contains("storage.hosts");
        assertThat(suggestions.suggest("cluster", "hosts")).contains("cluster.local.hosts");
        assertThat(suggestions.suggest("", "dvdstore")).contains("workloads.dvdstore");
        assertThat(suggestions.suggest("run", "PHASE-DURATION")).contains("run.phaseDuration");
    }

    @Test
    void closestFindsTyposAmongFreeKeysOnly() {
        List<String> actions = List.of("logon", "send", "read", "move", "delete", "search", "browse");
        assertThat(KeySuggestions.closest("sned", actions)).contains("send");
        assertThat(KeySuggestions.closest("Brwose", actions)).contains("browse");
        assertThat(KeySuggestions.closest("frobnicate", actions)).isEmpty();
    }

    @Test
    void offersNothingForUnrelatedKeys() {
        assertThat(suggestions.suggest("", "banana")).isEmpty();
        assertThat(suggestions.suggest("run", "xyz")).isEmpty();
    }

    @Test
    void knowsNestedPathsButNotMapEntries() {
        assertThat(suggestions.knownPaths())
                .contains("run.tiles", "cluster.local.datastores", "workloads.dvdstore.qos.limits", "workloads.dvdstore.database.passwordFile",
                        "workloads.mail.actionMix", "workloads.standby.minAnsweredPercent")
                .doesNotContain("workloads.dvdstore.qos.limits.login", "cluster.local.datastores.app",
                        "workloads.mail.actionMix.send");
    }
}
