package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MixRuleTest {

    private static final Map<String, Double> TARGET = new LinkedHashMap<>(Map.of("HomePage", 60.0));

    static {
        TARGET.put("TagSearch", 40.0);
    }

    private final MixRule rule = new MixRule(TARGET, 10);

    private static WorkloadResult counts(long homePage, long tagSearch, long logout) {
        return Fixtures.result(1, "olio", 10, List.of(Fixtures.stats("HomePage", homePage, 1),
                Fixtures.stats("TagSearch", tagSearch, 1), Fixtures.stats("Logout", logout, 1)), 10, 0, 0, 0);
    }

    @Test
    void passesWithinRelativeTolerance() {
        // 63 % vs 60 % is 5 % off; 37 % vs 40 % is 7.5 % off; Logout is outside the mix.
        QosCheck check = rule.check(counts(630, 370, 5000));

        assertThat(check.passed()).isTrue();
        assertThat(check.detail()).isEqualTo(
                "mix of 2 operations within ±10 % relative (largest deviation TagSearch 7.5 %)");
    }

    @Test
    void failsOutsideToleranceNamingEachOperation() {
        // 68 % vs 60 % is 13.33 % off; 32 % vs 40 % is 20 % off.
        QosCheck check = rule.check(counts(680, 320, 0));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("mix outside ±10 % relative: HomePage = 68 % vs target 60 % "
                + "(13.33 % off); TagSearch = 32 % vs target 40 % (20 % off)");
    }

    @Test
    void failsWithoutSamples() {
        QosCheck check = rule.check(counts(0, 0, 7));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("mix: no samples of HomePage, TagSearch");
    }

    @Test
    void describesItself() {
        assertThat(rule.describe()).isEqualTo("mix of HomePage, TagSearch within ±10 % relative of target");
    }

    @Test
    void rejectsEmptyOrNonPositiveTargets() {
        assertThatThrownBy(() -> new MixRule(Map.of(), 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("targetPercent");
        assertThatThrownBy(() -> new MixRule(Map.of("HomePage", 0.0), 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("targetPercent[HomePage]");
        assertThatThrownBy(() -> new MixRule(Map.of("HomePage", 50.0), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerancePercentRelative");
    }
}
