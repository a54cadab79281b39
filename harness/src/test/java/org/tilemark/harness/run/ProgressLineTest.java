package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.QosVerdict;
import org.tilemark.scoring.WorkloadResult;

/** The console's lines: an interval's headline p95 (or a dash when it had none), a phase's failed rules. */
class ProgressLineTest {

    @Test
    void anIntervalWithoutTheHeadlineOperationShowsNoP95InsteadOfZero() {
        assertThat(ConsolePublisher.progress(mail(new OperationStats(3, 0, 40, 38, 55, 61, 61, 61)), "send"))
                .isEqualTo("tile1 mail 18 actions/min p95 send 61 ms errors 0");
        assertThat(ConsolePublisher.progress(mail(new OperationStats(0, 0, 0, 0, 0, 0, 0, 0)), "send"))
                .isEqualTo("tile1 mail 18 actions/min p95 send - errors 0");
    }

    @Test
    void aPhaseLineShowsTheFirstFiveFailedRulesAndCountsTheRest() {
        List<String> seven = IntStream.rangeClosed(1, 7).mapToObj(tile -> "tile " + tile + " mail: p95 of send = 900 ms > 500 ms").toList();
        assertThat(ConsolePublisher.failures(new QosVerdict(false, seven))).isEqualTo(String.join("; ", seven.subList(0, 5))
                + " (+2 more in the results)");
        assertThat(ConsolePublisher.failures(new QosVerdict(false, seven.subList(0, 5)))).isEqualTo(String.join("; ", seven.subList(0, 5)));
    }

    private static WorkloadResult mail(OperationStats send) {
        return new WorkloadResult(1, "mail", "actions/min", 18, Duration.ofSeconds(10), Map.of("send", send), 3, 0, 0, 0, Map.of());
    }
}
