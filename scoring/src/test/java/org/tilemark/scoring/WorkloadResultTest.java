package org.tilemark.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadResultTest {

    @Test
    void mapsAreCopiedAndImmutable() {
        Map<String, OperationStats> operations = new HashMap<>(Map.of("login", Fixtures.stats("login", 5, 10).getValue()));
        Map<String, Long> errorsByVm = new HashMap<>(Map.of("web1", 2L));
        WorkloadResult result = new WorkloadResult(1, "dvdstore", "orders/min", 10, Duration.ofMinutes(1),
                operations, 10, 2, 0, 1, errorsByVm);

        operations.clear();
        errorsByVm.clear();

        assertThat(result.operations()).containsOnlyKeys("login");
        assertThat(result.errorsByVm()).containsEntry("web1", 2L);
        assertThatThrownBy(() -> result.operations().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void invalidFieldsAreRejectedByName() {
        assertThatThrownBy(() -> Fixtures.result(1, "w", 1, List.of(), -1, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("attempts");
        assertThatThrownBy(() -> Fixtures.result(1, "w", 1, List.of(), 1, 0, -1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rollbacks");
        assertThatThrownBy(() -> Fixtures.result(1, "w", -1, List.of(), 1, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("throughput");
        assertThatThrownBy(() -> Fixtures.result(1, " ", 1, List.of(), 1, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("workload");
        assertThatThrownBy(() -> new WorkloadResult(1, "w", "u", 1, Duration.ofSeconds(-1), Map.of(), 0, 0, 0, 0, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("measured");
        assertThatThrownBy(() -> new WorkloadResult(1, "w", "u", 1, Duration.ZERO, Map.of(), 0, 0, 0, 0, Map.of("vm", -1L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("errorsByVm[vm]");
    }

    @Test
    void countsWithoutLatenciesAreNotScored() {
        assertThatThrownBy(() -> new WorkloadResult(1, "w", "u", 1, Duration.ZERO,
                Map.of("login", OperationStats.countsOnly(3, 1)), 0, 0, 0, 0, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("operations[login]");
    }
}
