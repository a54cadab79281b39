package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleLagRuleTest {

    private final ScheduleLagRule rule = new ScheduleLagRule(Duration.ofMillis(100));

    private static WorkloadResult lagging(double lagP99Ms) {
        return Fixtures.result(1, "olio", 100, List.of(), 10, 0, 0, lagP99Ms);
    }

    @Test
    void passesWhenTheDriverKeepsUp() {
        QosCheck check = rule.check(lagging(12.34));

        assertThat(check.passed()).isTrue();
        assertThat(check.detail()).isEqualTo("p99 schedule lag = 12.3 ms <= 100 ms");
    }

    @Test
    void failsWhenTheDriverFallsBehind() {
        QosCheck check = rule.check(lagging(250));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("p99 schedule lag = 250 ms > 100 ms");
        assertThat(rule.describe()).isEqualTo("p99 schedule lag <= 100 ms");
    }

    @Test
    void rejectsNegativeLimit() {
        assertThatThrownBy(() -> new ScheduleLagRule(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxP99Lag");
    }
}
