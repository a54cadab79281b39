package org.tilemark.harness.serve;

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
import org.tilemark.harness.run.LiveInterval;

/**
 * The live measurements as Micrometer meters, for {@code /metrics}. Names and labels are documented in
 * docs/serve.md; latencies are in seconds, Prometheus' base unit. A gauge holds the last interval's
 * value until the next one replaces it.
 */
final class LiveMetrics {

    private final MeterRegistry registry;
    private final Map<String, AtomicReference<Double>> gauges = new ConcurrentHashMap<>();

    LiveMetrics(MeterRegistry registry) {
        this.registry = registry;
        set("tilemark.run.phase", Tags.empty(), "measurement phase; 0 in warm-up, -1 before the first interval", -1);
    }

    void interval(LiveInterval interval) {
        set("tilemark.run.phase", Tags.empty(), null, interval.phase());
        set("tilemark.run.seconds.left", Tags.empty(), "seconds until the last phase ends", interval.runSecondsLeft());
        if (interval.clusterCpuPercent() != null) {
            set("tilemark.cluster.cpu.percent", Tags.empty(), "the cluster's busy CPU over the last interval, share of all cores",
                    interval.clusterCpuPercent());
        }
        for (LiveInterval.LiveWorkload row : interval.workloads()) {
            Tags tags = Tags.of("tile", Integer.toString(row.tile()), "workload", row.workload());
            Tags op = tags.and("operation", row.headlineOperation());
            set("tilemark.workload.throughput", tags.and("unit", row.metricUnit()), "the interval's throughput", row.throughput());
            set("tilemark.workload.target", tags.and("unit", row.metricUnit()), "the throughput the load aims at", row.target());
            set("tilemark.workload.p95.seconds", op, "95th percentile latency of the headline operation, phase so far", row.p95Ms() / 1000);
            set("tilemark.workload.p90.seconds", op, "90th percentile latency of the headline operation, phase so far", row.p90Ms() / 1000);
            if (row.qosLimitMs() != null) {
                set("tilemark.workload.qos.limit.seconds", op.and("percentile", percentile(row.qosPercentile())),
                        "the QoS rule's latency limit", row.qosLimitMs() / 1000);
            }
            set("tilemark.workload.qos.passed", tags, "1 while every QoS rule holds, phase so far; else 0", row.qosPassed() ? 1 : 0);
            set("tilemark.workload.schedule.lag.p99.seconds", tags, "p99 of how late work started against its plan",
                    row.scheduleLagP99Ms() / 1000);
        }
    }

    void infraOperation(InfraOpLine line) {
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

    private static String percentile(Double p) {
        return p == null ? "" : p % 1 == 0 ? Long.toString(p.longValue()) : p.toString();
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
