package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FailureRateRuleTest {

    private static WorkloadResult outcome(long attempts, long errors, long rollbacks) {
        return Fixtures.result(1, "dvdstore", 100, List.of(), attempts, errors, rollbacks, 0);
    }

    @Test
    void countsRollbacksWhenAsked() {
        FailureRateRule rule = new FailureRateRule(0.5, true);

        QosCheck check = rule.check(outcome(1000, 3, 3));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("errors and rollbacks = 0.6 % of 1000 attempts > 0.5 %");
        assertThat(rule.describe()).isEqualTo("errors and rollbacks <= 0.5 % of attempts");
    }

    @Test
    void ignoresRollbacksOtherwise() {
        FailureRateRule rule = new FailureRateRule(0.5, false);

        QosCheck check = rule.check(outcome(1000, 3, 3));

        assertThat(check.passed()).isTrue();
        assertThat(check.detail()).isEqualTo("failures = 0.3 % of 1000 attempts <= 0.5 %");
    }

    @Test
    void withoutRollbacksTheDetailSpeaksOfFailures() {
        FailureRateRule rule = new FailureRateRule(1.0, false);

        QosCheck check = rule.check(outcome(60, 5, 0));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("failures = 8.33 % of 60 attempts > 1 %")
                .doesNotContain("rollbacks");
        assertThat(rule.describe()).isEqualTo("failures <= 1 % of attempts");
    }

    @Test
    void exactlyAtTheLimitPasses() {
        assertThat(new FailureRateRule(0.5, true).check(outcome(1000, 5, 0)).passed()).isTrue();
    }

    @Test
    void failsWhenNothingWasAttempted() {
        QosCheck check = new FailureRateRule(0.5, true).check(outcome(0, 0, 0));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).contains("no work completed");
    }

    @Test
    void rejectsPercentOutOfRange() {
        assertThatThrownBy(() -> new FailureRateRule(101, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxPercent");
        assertThatThrownBy(() -> new FailureRateRule(-0.1, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxPercent");
    }
}
