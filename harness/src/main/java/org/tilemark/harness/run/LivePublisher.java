package org.tilemark.harness.run;

import java.time.Instant;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PercentileRule;

/**
 * The live view ({@link RunListener}: {@code tilemark serve}'s page and API) as a publisher:
 * each interval in the live form the web app serves, each infrastructure operation, and a phase that
 * failed its QoS as an event.
 */
final class LivePublisher implements SamplePublisher {

    private final RunListener listener;

    LivePublisher(RunListener listener) {
        this.listener = listener;
    }

    @Override
    public void interval(IntervalCut cut) {
        listener.interval(live(cut));
    }

    @Override
    public void phaseEnded(PhaseEnd end) {
        if (end instanceof PhaseEnd.Scored(var score) && !score.qos().passed()) {
            listener.event(Instant.now().toString(), "phase " + score.phase() + " failed QoS: "
                    + String.join("; ", score.qos().reasons()));
        }
    }

    @Override
    public void infraOperation(InfraOpLine operation) {
        listener.infraOperation(operation);
    }

    static LiveInterval live(IntervalCut cut) {
        return new LiveInterval(cut.end().toString(), cut.warmup(), cut.slot().phase(), cut.phases(),
                cut.phaseLeft().toSeconds(), cut.runLeft().toSeconds(), cut.samples().stream().map(LivePublisher::row).toList(),
                cut.clusterCpuPercent().isPresent() ? Measured.round(cut.clusterCpuPercent().getAsDouble()) : null);
    }

    /** A sample's row: the interval's throughput, the phase's latency and QoS so far. */
    private static LiveInterval.LiveWorkload row(IntervalSample sample) {
        return new LiveInterval.LiveWorkload(sample.tile(), sample.workload(), sample.interval().metricUnit(),
                sample.interval().throughput(), Measured.round(sample.target()), sample.headline(),
                sample.headlineStats().map(OperationStats::p95Ms).orElse(0.0),
                sample.headlineStats().map(OperationStats::p90Ms).orElse(0.0),
                sample.headlineLimit().map(PercentileRule::percentile).orElse(null),
                sample.headlineLimit().map(rule -> rule.limit().toNanos() / 1e6).orElse(null), sample.qos().passed(),
                sample.qos().reasons(), sample.standing().scheduleLagP99Ms(), sample.interval().errors());
    }
}
