package org.tilemark.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.QosVerdict;
import org.tilemark.scoring.WorkloadResult;

/**
 * An interval's samples and an infrastructure operation told a live view as a run tells them (its live publisher and, where the view serves
 * them, its metrics), for the web app's tests outside this package. The driver's snapshot is left out: neither
 * publisher reads histograms.
 */
public final class LiveSamples {

    private LiveSamples() {
    }

    /**
     * One tile's workload in the interval: its throughput, the headline operation's latencies and QoS limit over
     * the phase so far, the QoS reasons (none: passed), the schedule lag and the interval's errors.
     */
    public record Row(int tile, String workload, String unit, double throughput, double target, String headline,
                      double p95Ms, double p90Ms, Duration limit, List<String> qosReasons, double lagP99Ms, long errors) {

        IntervalSample sample(Duration length) {
            OperationStats stats = new OperationStats(100, 0, p90Ms / 2, p90Ms / 2, p90Ms, p95Ms, p95Ms, p95Ms);
            WorkloadResult interval = new WorkloadResult(tile, workload, unit, throughput, length, Map.of(), 100, errors, 0,
                    lagP99Ms, Map.of());
            WorkloadResult standing = new WorkloadResult(tile, workload, unit, throughput, length, Map.of(headline, stats),
                    100, errors, 0, lagP99Ms, Map.of());
            return new IntervalSample(tile, workload, null, interval, standing, target, headline,
                    new QosVerdict(qosReasons.isEmpty(), qosReasons), Optional.of(new PercentileRule(headline, 95, limit)));
        }
    }

    /** A measured interval of {@code phase} ending at {@code end}, with the time left in its phase and in the run. */
    public static void tell(RunListener listener, Instant end, int phase, int phases, Duration phaseLeft, Duration runLeft,
                            double clusterCpuPercent, List<Row> rows) {
        Duration length = Duration.ofSeconds(10);
        IntervalCut cut = new IntervalCut(new MeasurementPlan.Slot(1, phase, Duration.ZERO, length), end.minus(length), phases,
                phaseLeft, runLeft, rows.stream().map(row -> row.sample(length)).toList(), OptionalDouble.of(clusterCpuPercent));
        publishers(listener).interval(cut);
    }

    /** An infrastructure operation ended, as the run's infrastructure loops publish it. */
    public static void infraOperation(RunListener listener, InfraOpLine operation) {
        publishers(listener).infraOperation(operation);
    }

    private static SamplePublisher publishers(RunListener listener) {
        return Publishers.of(new LivePublisher(listener), listener.metrics().map(SamplePublisher.class::cast)
                .orElse(ignored -> { }));
    }
}
