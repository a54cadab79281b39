package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

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

    private static WorkloadResult twoCounts(String a, long aCount, String b, long bCount) {
        return Fixtures.result(1, "olio", 10, List.of(Fixtures.stats(a, aCount, 1), Fixtures.stats(b, bCount, 1)),
                10, 0, 0, 0);
    }

    private static Map<String, Double> target(String a, double aShare, String b, double bShare) {
        Map<String, Double> target = new LinkedHashMap<>();
        target.put(a, aShare);
        target.put(b, bShare);
        return target;
    }

    @Test
    void theFloorKeepsARareOperationFromFailingOnSamplingNoise() {
        // AddPerson at 0.5 % vs 0.8 % is 0.3 points off: 37.5 % relative, but within Faban's 2 points.
        Map<String, Double> target = target("HomePage", 99.2, "AddPerson", 0.8);
        WorkloadResult result = twoCounts("HomePage", 995, "AddPerson", 5);

        assertThat(new MixRule(target, 10).check(result).passed()).isFalse();
        QosCheck check = new MixRule(target, 10, 2).check(result);
        assertThat(check.passed()).isTrue();
        assertThat(check.detail()).isEqualTo(
                "mix of 2 operations within ±10 % relative or ±2 points (largest deviation AddPerson 0.3 of ±2 points)");
    }

    @Test
    void aRareOperationBeyondTheFloorFails() {
        QosCheck check = new MixRule(target("HomePage", 99.2, "AddPerson", 0.8), 10, 2)
                .check(twoCounts("HomePage", 970, "AddPerson", 30));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo(
                "mix outside ±10 % relative or ±2 points: AddPerson = 3 % vs target 0.8 % (band ±2 points)");
    }

    @Test
    void theWiderOfTheTwoBandsApplies() {
        // Bands: HomePage max(6, 2) = 6 points, TagSearch max(4, 2) = 4 points; both are 5 points off.
        QosCheck check = new MixRule(TARGET, 10, 2).check(counts(650, 350, 0));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo(
                "mix outside ±10 % relative or ±2 points: TagSearch = 35 % vs target 40 % (band ±4 points)");
    }

    @Test
    void anOperationOnItsBandEdgePasses() {
        assertThat(new MixRule(TARGET, 0, 2).check(counts(620, 380, 0)).passed()).isTrue();
        assertThat(new MixRule(TARGET, 0, 2).check(counts(621, 379, 0)).passed()).isFalse();
    }

    @Test
    void theTwoArgumentFormHasNoFloor() {
        assertThat(new MixRule(TARGET, 10)).isEqualTo(new MixRule(TARGET, 10, 0));
        assertThat(new MixRule(TARGET, 10).tolerancePointsFloor()).isZero();
    }

    @Test
    void describesItsFloor() {
        assertThat(new MixRule(TARGET, 10, 2).describe())
                .isEqualTo("mix of HomePage, TagSearch within ±10 % relative or ±2 points of target");
    }

    @Test
    void rejectsANegativeFloor() {
        assertThatThrownBy(() -> new MixRule(TARGET, 10, -0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerancePointsFloor");
    }

    @Test
    void theChanceTestOnlyJudgesWhatTheSampleCanResolve() {
        // 22 % vs 26 % over 200 operations: 4 points, but 1.3 standard errors (chance 0.2) - noise, not a bad mix.
        Map<String, Double> target = target("HomePage", 26, "TagSearch", 74);
        assertThat(new MixRule(target, 10, 2).check(twoCounts("HomePage", 44, "TagSearch", 156)).passed()).isFalse();
        QosCheck shortPhase = new MixRule(target, 10, 2, 99.9, Map.of()).check(twoCounts("HomePage", 44, "TagSearch", 156));
        assertThat(shortPhase.passed()).isTrue();
        assertThat(shortPhase.detail()).contains("or chance at 99.9 % confidence").contains("chance 0.2");
        // The same 4-point gap over 20,000 operations is 13 standard errors: a real deviation.
        QosCheck longPhase = new MixRule(target, 10, 2, 99.9, Map.of()).check(twoCounts("HomePage", 4_400, "TagSearch", 15_600));
        assertThat(longPhase.passed()).isFalse();
        assertThat(longPhase.detail()).contains("HomePage = 22 % vs target 26 % (band ±2.6 points, chance ")
                .contains("< 5.0e-04)");
    }

    @Test
    void aRareOperationIsJudgedOnItsSkewedTails() {
        // AddEvent 15 of 300 against 2 %: 3.7 normal standard errors (two-sided 2e-4, a failure at 99.9 %
        // over two operations, 5e-4 each), but a binomial count with a mean of 6 reaches 15 far more often: 0.0025.
        Map<String, Double> target = target("HomePage", 98, "AddEvent", 2);
        WorkloadResult phase = twoCounts("HomePage", 285, "AddEvent", 15);
        assertThat(MixChance.twoSided(15, 300, 0.02, 1)).isCloseTo(0.0025, within(0.0001));
        assertThat(new MixRule(target, 0, 2, 99.9, Map.of()).check(phase).passed()).isTrue();
        assertThat(new MixRule(target, 0, 2, 99.9, Map.of()).check(twoCounts("HomePage", 280, "AddEvent", 20)).passed()).isFalse();
    }

    @Test
    void theChanceIsTheExactBinomialTail() {
        // 0 of 10 at one half: 1/1024 each side.
        assertThat(MixChance.twoSided(0, 10, 0.5, 1)).isCloseTo(2.0 / 1024, within(1e-12));
        assertThat(MixChance.twoSided(10, 10, 0.5, 1)).isCloseTo(2.0 / 1024, within(1e-12));
        assertThat(MixChance.twoSided(5, 10, 0.5, 1)).isEqualTo(1);
        // 2 or fewer of 10 at one half: 56/1024.
        assertThat(MixChance.twoSided(2, 10, 0.5, 1)).isCloseTo(2 * 56.0 / 1024, within(1e-12));
        // A variance factor of 2 judges 4 of 20 as 2 of 10.
        assertThat(MixChance.twoSided(4, 20, 0.5, 2)).isCloseTo(2 * 56.0 / 1024, within(1e-12));
    }

    @Test
    void aShareVarianceFactorScalesTheChanceOfItsOperationOnly() {
        // 44 of 200 against 26 %: chance 0.2 as independent draws.
        Map<String, Double> target = target("HomePage", 26, "TagSearch", 74);
        WorkloadResult phase = twoCounts("HomePage", 44, "TagSearch", 156);
        // Counts that vary a fifth as much as independent draws: 2.9 of their standard errors, chance 0.004, still in.
        assertThat(new MixRule(target, 0, 2, 99.9, Map.of("HomePage", 0.2, "TagSearch", 0.2)).check(phase).passed()).isTrue();
        // A tenth: 4.1 standard errors, out - on both operations, each judged with its own factor.
        QosCheck steady = new MixRule(target, 0, 2, 99.9, Map.of("HomePage", 0.1, "TagSearch", 0.1)).check(phase);
        assertThat(steady.passed()).isFalse();
        assertThat(steady.detail()).startsWith("mix outside ±2 points or chance at 99.9 % confidence: HomePage = 22 % vs target 26 %")
                .contains("; TagSearch = 78 % vs target 74 %");
        assertThatThrownBy(() -> new MixRule(target, 0, 2, 99.9, Map.of("HomePage", 0.0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MixRule(target, 0, 2, 100, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("confidencePercent");
    }

    @Test
    void anOptionalPercentileRulePassesWithoutSamplesAndStillJudgesWhenMeasured() {
        WorkloadResult none = twoCounts("HomePage", 10, "TagSearch", 10);
        assertThat(new PercentileRule("AddPerson", 90, java.time.Duration.ofSeconds(3)).check(none).passed()).isFalse();
        QosCheck optional = new PercentileRule("AddPerson", 90, java.time.Duration.ofSeconds(3), true).check(none);
        assertThat(optional.passed()).isTrue();
        assertThat(optional.detail()).contains("AddPerson: not measured (optional");
    }
}
