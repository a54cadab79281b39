package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.WorkloadResult;

/** The progress line of an interval: its headline operation's p95, or a dash when the interval had none. */
class ProgressLineTest {

    @Test
    void anIntervalWithoutTheHeadlineOperationShowsNoP95InsteadOfZero() {
        assertThat(ConsolePublisher.progress(mail(new OperationStats(3, 0, 40, 38, 55, 61, 61, 61)), "send"))
                .isEqualTo("tile1 mail 18 actions/min p95 send 61 ms errors 0");
        assertThat(ConsolePublisher.progress(mail(new OperationStats(0, 0, 0, 0, 0, 0, 0, 0)), "send"))
                .isEqualTo("tile1 mail 18 actions/min p95 send - errors 0");
    }

    private static WorkloadResult mail(OperationStats send) {
        return new WorkloadResult(1, "mail", "actions/min", 18, Duration.ofSeconds(10), Map.of("send", send), 3, 0, 0, 0, Map.of());
    }
}
