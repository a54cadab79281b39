package org.tilemark.workloads.standby;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.Workloads;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.ScheduleLagRule;
import org.tilemark.workloads.VmRequest;

class StandbyWorkloadTest {

    private final StandbyWorkload workload = new StandbyWorkload();

    @Test
    void oneStandbyVmPerTileWithNothingToCustomize() throws Exception {
        List<VmRequest> vms = workload.vms(3, spec(Map.of()), (name, env, file) -> {
            throw new AssertionError("the standby server has no secrets");
        });

        assertThat(vms).containsExactly(new VmRequest("tile3-standby", "standby", Map.of(), Map.of(), Map.of()));
    }

    @Test
    void isNotScoredButHasQos() throws Exception {
        BenchmarkSpec spec = spec(Map.of("workloads.standby.minAnsweredPercent", "98.5"));

        assertThat(workload.scored()).isFalse();
        assertThat(workload.qosRules(spec)).containsExactly(new FailureRateRule(1.5, false),
                new ScheduleLagRule(Duration.ofSeconds(1)));
        assertThat(workload.qosRules(spec(Map.of()))).first().isEqualTo(new FailureRateRule(1, false));
    }

    @Test
    void countsBeatsPerMinute() throws Exception {
        assertThat(workload.name()).isEqualTo("standby");
        assertThat(workload.metricUnit()).isEqualTo("beats/min");
        assertThat(workload.metricPeriod()).isEqualTo(Duration.ofMinutes(1));
        assertThat(workload.targetThroughput(spec(Map.of()))).isEqualTo(60.0);
        BenchmarkSpec everyTwoSeconds = spec(Map.of("workloads.standby.interval", "2s", "workloads.standby.timeout", "3s"));
        assertThat(workload.targetThroughput(everyTwoSeconds)).isEqualTo(30.0);
        assertThat(workload.reference(everyTwoSeconds)).isEqualTo(30.0);
    }

    @Test
    void enabledByDefaultAndFoundByServiceLoader() throws Exception {
        assertThat(workload.enabled(spec(Map.of()))).isTrue();
        assertThat(workload.enabled(spec(Map.of("workloads.standby.enabled", "false")))).isFalse();
        assertThat(Workloads.providers().stream().map(p -> p.workload().name())).contains("standby");
    }

    private static BenchmarkSpec spec(Map<String, String> overrides) throws Exception {
        return ConfigLoader.load(Optional.empty(), new HashMap<>(overrides));
    }
}
