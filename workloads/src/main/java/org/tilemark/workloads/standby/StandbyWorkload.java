package org.tilemark.workloads.standby;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.scoring.ScheduleLagRule;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadDriver;

/**
 * VMmark's standby server: one idle VM per tile that must stay alive but is not scored. A pinger
 * sends a heartbeat every {@code interval}; QoS requires {@code minAnsweredPercent} of the beats to
 * be answered within {@code timeout} of their intended start, so a "failure" is a missed beat.
 */
public final class StandbyWorkload implements Workload {

    /** Schedule lag is bounded by the QoS of a beat, not configured: a pinger a second behind misses beats. */
    static final Duration MAX_SCHEDULE_LAG_P99 = Duration.ofSeconds(1);

    @Override
    public String name() {
        return "standby";
    }

    @Override
    public boolean enabled(BenchmarkSpec spec) {
        return spec.workloads().section(StandbySpec.class).enabled();
    }

    static String vmName(int tile) {
        return "tile" + tile + "-standby";
    }

    @Override
    public List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets) {
        return List.of(new VmRequest(vmName(tile), StandbyRole.NAME, Map.of(), Map.of(), Map.of()));
    }

    @Override
    public WorkloadDriver driver(DriverContext context) {
        StandbySpec standby = context.spec().workloads().section(StandbySpec.class);
        String vm = vmName(context.tile());
        return new StandbyDriver(context.endpoint(vm), vm, standby.interval(), standby.timeout(),
                context.seed() * 31 + context.tile());
    }

    @Override
    public boolean scored() {
        return false;
    }

    @Override
    public String headlineOperation() {
        return "heartbeat";
    }

    @Override
    public String metricUnit() {
        return "beats/min";
    }

    @Override
    public Duration metricPeriod() {
        return Duration.ofMinutes(1);
    }

    @Override
    public double targetThroughput(BenchmarkSpec spec) {
        return (double) metricPeriod().toNanos() / spec.workloads().section(StandbySpec.class).interval().toNanos();
    }

    /** Unscored, so the reference only has to be valid: the target itself (a healthy standby scores 1). */
    @Override
    public double reference(BenchmarkSpec spec) {
        return targetThroughput(spec);
    }

    @Override
    public List<QosRule> qosRules(BenchmarkSpec spec) {
        StandbySpec standby = spec.workloads().section(StandbySpec.class);
        return List.of(new FailureRateRule(100 - standby.minAnsweredPercent(), false),
                new ScheduleLagRule(MAX_SCHEDULE_LAG_P99));
    }
}
