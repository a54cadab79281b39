package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class QosVerdictTest {

    private final QosRule rule = new ScheduleLagRule(Duration.ofMillis(1));

    @Test
    void ofKeepsOnlyFailedDetailsInOrder() {
        QosVerdict verdict = QosVerdict.of(List.of(new QosCheck(rule, true, "fine"),
                new QosCheck(rule, false, "first"), new QosCheck(rule, false, "second")));

        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.reasons()).containsExactly("first", "second");
        assertThat(QosVerdict.of(List.of(new QosCheck(rule, true, "fine")))).isEqualTo(QosVerdict.pass());
        assertThat(QosVerdict.of(List.of()).passed()).isTrue();
    }

    @Test
    void andCombinesVerdicts() {
        assertThat(QosVerdict.pass().and(QosVerdict.pass())).isEqualTo(QosVerdict.pass());
        QosVerdict combined = QosVerdict.fail("a").and(QosVerdict.pass()).and(QosVerdict.fail("b"));
        assertThat(combined.passed()).isFalse();
        assertThat(combined.reasons()).containsExactly("a", "b");
    }

    @Test
    void prefixedPrefixesEveryReason() {
        assertThat(QosVerdict.fail("slow").prefixed("tile 1 mail: ").reasons()).containsExactly("tile 1 mail: slow");
    }

    @Test
    void failedVerdictNeedsAReason() {
        assertThatThrownBy(() -> new QosVerdict(false, List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reasons");
    }
}
