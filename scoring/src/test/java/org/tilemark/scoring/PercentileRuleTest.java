package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PercentileRuleTest {

    private final PercentileRule purchaseP95 = new PercentileRule("purchase", 95, Duration.ofSeconds(2));

    private static WorkloadResult withPurchase(long count, double p95Ms) {
        return Fixtures.result(1, "dvdstore", 100, List.of(Fixtures.stats("purchase", count, p95Ms)), 100, 0, 0, 0);
    }

    @Test
    void describesItselfAsASentence() {
        assertThat(purchaseP95.describe()).isEqualTo("p95 of purchase <= 2000 ms");
    }

    @Test
    void passesWithinTheLimit() {
        QosCheck check = purchaseP95.check(withPurchase(10, 2000));

        assertThat(check.passed()).isTrue();
        assertThat(check.rule()).isEqualTo(purchaseP95);
        assertThat(check.detail()).isEqualTo("p95 of purchase = 2000 ms <= 2000 ms");
    }

    @Test
    void failsOverTheLimitNamingMeasuredAndLimit() {
        QosCheck check = purchaseP95.check(withPurchase(10, 2310));

        assertThat(check.passed()).isFalse();
        assertThat(check.detail()).isEqualTo("p95 of purchase = 2310 ms > 2000 ms");
    }

    @Test
    void failsWithoutSamples() {
        assertThat(purchaseP95.check(withPurchase(0, 0)))
                .extracting(QosCheck::passed, QosCheck::detail).containsExactly(false, "purchase: no samples");
        assertThat(purchaseP95.check(Fixtures.result(1, "dvdstore", 100)))
                .extracting(QosCheck::passed, QosCheck::detail).containsExactly(false, "purchase: not measured");
    }

    @Test
    void usesTheRequestedPercentile() {
        PercentileRule p90 = new PercentileRule("purchase", 90, Duration.ofMillis(1900));

        assertThat(p90.check(withPurchase(10, 2000)).passed()).isTrue(); // p90 = 0.9 × 2000 = 1800
    }

    @Test
    void rejectsPercentilesTheStatsDoNotKeep() {
        assertThatThrownBy(() -> new PercentileRule("purchase", 99.9, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("percentile");
        assertThatThrownBy(() -> new PercentileRule("purchase", 95, Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("limit");
    }
}
