package org.tilemark.harness.run;

import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.scoring.QosVerdict;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.driver.IntervalSnapshot;

/**
 * What one workload of one tile measured over one interval, as every publisher receives it: the
 * driver's cut (histograms and counts), the interval's result, and the phase so far with its QoS
 * (the interval itself in warm-up). Immutable once made.
 *
 * @param snapshot      the driver's interval: its histograms go to the bundle as they are
 * @param interval      the interval's result (its throughput)
 * @param standing      the phase so far, or the interval in warm-up: its latency and QoS
 * @param target        the throughput the workload's load aims at
 * @param headline      the operation whose latency the console and the live view show
 * @param qos           every QoS rule of the workload checked against {@code standing}
 * @param headlineLimit the percentile rule that limits the headline operation, if one does
 */
record IntervalSample(int tile, String workload, IntervalSnapshot snapshot, WorkloadResult interval,
                      WorkloadResult standing, double target, String headline, QosVerdict qos,
                      Optional<PercentileRule> headlineLimit) {

    /** The headline operation's figures, phase so far (the interval in warm-up); empty while it has none. */
    Optional<OperationStats> headlineStats() {
        return Optional.ofNullable(standing.operations().get(headline));
    }

    /** The sample of {@code workload}'s driver, its QoS checked with the rules the phase score uses. */
    static IntervalSample of(BenchmarkSpec spec, Workload workload, int tile, IntervalSnapshot snapshot,
                             WorkloadResult interval, WorkloadResult standing) {
        String headline = workload.headlineOperation();
        var rules = workload.qosRules(spec);
        QosVerdict qos = QosVerdict.of(rules.stream().map((QosRule rule) -> rule.check(standing)).toList());
        Optional<PercentileRule> limit = rules.stream().filter(PercentileRule.class::isInstance)
                .map(PercentileRule.class::cast).filter(rule -> rule.operation().equals(headline)).findFirst();
        return new IntervalSample(tile, workload.name(), snapshot, interval, standing, workload.targetThroughput(spec),
                headline, qos, limit);
    }
}
