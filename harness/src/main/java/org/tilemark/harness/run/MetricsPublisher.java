package org.tilemark.harness.run;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PercentileRule;

/**
 * The run's samples as Micrometer meters, for {@code tilemark serve}'s {@code /metrics}: a publisher like
 * the bundle's and the console's. Names and labels are documented in docs/serve.md; latencies are in
 * seconds, Prometheus' base unit. A gauge holds the last interval's value until the next one replaces it.
 * One per registry, told by every run the web app serves (a gauge is registered once, with its holder).
 */
public final class MetricsPublisher implements SamplePublisher {

    private final MeterRegistry registry;
    private final Map<String, AtomicReference<Double>> gauges = new ConcurrentHashMap<>();

    public MetricsPublisher(MeterRegistry registry) {
        this.registry = registry;
        set("tilemark.run.phase", Tags.empty(), "measurement phase; 0 in warm-up, -1 before the first interval", -1);
    }

    @Override
    public void interval(IntervalCut cut) {
        set("tilemark.run.phase", Tags.empty(), null, cut.slot().phase());
        set("tilemark.run.seconds.left", Tags.empty(), "seconds until the last phase ends", cut.runLeft().toSeconds());
        if (cut.clusterCpuPercent().isPresent()) {
            set("tilemark.cluster.cpu.percent", Tags.empty(), "the cluster's busy CPU over the last interval, share of all cores",
                    Measured.round(cut.clusterCpuPercent().getAsDouble()));
        }
        cut.samples().forEach(this::sample);
    }

    private void sample(IntervalSample sample) {
        Tags tags = Tags.of("tile", Integer.toString(sample.tile()), "workload", sample.workload());
        Tags op = tags.and("operation", sample.headline());
        Tags unit = tags.and("unit", sample.interval().metricUnit());
        set("tilemark.workload.throughput", unit, "the interval's throughput", sample.interval().throughput());
        set("tilemark.workload.target", unit, "the throughput the load aims at", Measured.round(sample.target()));
        set("tilemark.workload.p95.seconds", op, "95th percentile latency of the headline operation, phase so far",
                sample.headlineStats().map(OperationStats::p95Ms).orElse(0.0) / 1000);
        set("tilemark.workload.p90.seconds", op, "90th percentile latency of the headline operation, phase so far",
                sample.headlineStats().map(OperationStats::p90Ms).orElse(0.0) / 1000);
        sample.headlineLimit().ifPresent(rule -> set("tilemark.workload.qos.limit.seconds",
                op.and("percentile", percentile(rule)), "the QoS rule's latency limit", rule.limit().toNanos() / 1e9));
        set("tilemark.workload.qos.passed", tags, "1 while every QoS rule holds, phase so far; else 0",
                sample.qos().passed() ? 1 : 0);
        set("tilemark.workload.schedule.lag.p99.seconds", tags, "p99 of how late work started against its plan",
                sample.standing().scheduleLagP99Ms() / 1000);
    }

    @Override
    public void infraOperation(InfraOpLine line) {
        if (line.platformInitiated()) {
            // Not Tilemark's: counted apart, and with no duration (the platform's event does not give one).
            Counter.builder("tilemark.infra.platform.operations").description("migrations the platform made on its own (DRS)")
                    .tags("operation", line.operation(), "cause", line.cause()).register(registry).increment();
            return;
        }
        Counter.builder("tilemark.infra.operations").description("infrastructure operations ended")
                .tags("operation", line.operation(), "outcome", line.outcome()).register(registry).increment();
        Timer.builder("tilemark.infra.operation.duration").description("how long infrastructure operations took")
                .tags("operation", line.operation()).register(registry).record(Duration.ofMillis(line.durationMs() == null ? 0 : line.durationMs()));
    }

    private static String percentile(PercentileRule rule) {
        double p = rule.percentile();
        return p % 1 == 0 ? Long.toString((long) p) : Double.toString(p);
    }

    private void set(String name, Tags tags, String description, double value) {
        String key = name + tags;
        gauges.computeIfAbsent(key, k -> {
            AtomicReference<Double> holder = new AtomicReference<>(value);
            Gauge.builder(name, holder, AtomicReference::get).description(description).tags(tags).strongReference(true)
                    .register(registry);
            return holder;
        }).set(value);
    }
}
