package org.tilemark.harness.run;

import java.util.List;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.scoring.QosVerdict;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.Workload;

/** A live row of one tile and workload, checked with the same QoS rules the phase score uses. */
final class LiveRows {

    private LiveRows() {
    }

    /**
     * @param interval   the interval just cut: its throughput
     * @param standing   the phase so far (the interval itself in warm-up): its latency and QoS
     */
    static LiveInterval.LiveWorkload of(BenchmarkSpec spec, Workload workload, WorkloadResult interval,
                                        WorkloadResult standing) {
        String headline = workload.headlineOperation();
        List<QosRule> rules = workload.qosRules(spec);
        QosVerdict qos = QosVerdict.of(rules.stream().map(rule -> rule.check(standing)).toList());
        Optional<PercentileRule> limit = rules.stream().filter(PercentileRule.class::isInstance)
                .map(PercentileRule.class::cast).filter(rule -> rule.operation().equals(headline)).findFirst();
        OperationStats op = standing.operations().get(headline);
        return new LiveInterval.LiveWorkload(interval.tile(), workload.name(), interval.metricUnit(),
                interval.throughput(), Measured.round(workload.targetThroughput(spec)), headline,
                op == null ? 0 : op.p95Ms(), op == null ? 0 : op.p90Ms(),
                limit.map(PercentileRule::percentile).orElse(null),
                limit.map(rule -> rule.limit().toNanos() / 1e6).orElse(null), qos.passed(), qos.reasons(),
                standing.scheduleLagP99Ms(), interval.errors());
    }
}
