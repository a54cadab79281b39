package org.tilemark.workloads;

import java.time.Duration;
import java.util.List;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.QosRule;

/**
 * One application of a tile: the VMs it needs (guest side) and the load it puts on them (driver
 * side), with its scored metric, reference and QoS rules. Found with ServiceLoader; never calls a
 * platform: the harness deploys what {@link #vms} asks for and hands the endpoints to {@link #driver}.
 */
public interface Workload {

    String name();

    boolean enabled(BenchmarkSpec spec);

    /** The VMs of one tile, dependencies first. */
    List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets);

    /**
     * Work to do before the tile's VMs are deployed, outside any VM (e.g. loading data into an
     * external database the configuration points at, or checking that an external server answers
     * and accepts the credentials). Most workloads have none. A configuration that cannot work
     * (unreachable server, refused login) throws {@link WorkloadConfigException}: the run stops as
     * bad input (exit 2) before anything is deployed.
     */
    default void prepare(int tile, BenchmarkSpec spec, SecretSource secrets) throws WorkloadConfigException, Exception {
    }

    WorkloadDriver driver(DriverContext context);

    /**
     * Whether the workload's normalized throughput joins the tile's geometric mean. An unscored
     * workload (VMmark's standby server) still has QoS rules, and failing them still fails the run.
     */
    default boolean scored() {
        return true;
    }

    /** The scored metric, e.g. {@code orders/min}, and the period its rate is expressed per. */
    String metricUnit();

    Duration metricPeriod();

    /**
     * Whether a timed success of {@code operation} is a scored unit that {@code completed} counts (the
     * driver records it with {@code IntervalRecorder.completed}): {@code tilemark verify} requires each
     * interval's {@code completed} to be the histogram logs' count of these operations.
     */
    default boolean completesUnit(String operation) {
        return true;
    }

    /**
     * Whether a failure of {@code operation} fails a unit ({@code errors}; the driver records it with
     * {@code IntervalRecorder.failedUnit}): verify requires each interval's {@code errors} to be the sum of
     * these operations' errors.
     */
    default boolean failsUnit(String operation) {
        return true;
    }

    /** The operation whose p95 the progress line shows (e.g. a whole DVD Store order, a mail send). */
    default String headlineOperation() {
        return "";
    }

    /** The throughput per tile the configuration throttles the load to. */
    double targetThroughput(BenchmarkSpec spec);

    /** The reference platform's throughput per tile: the score's denominator. */
    double reference(BenchmarkSpec spec);

    List<QosRule> qosRules(BenchmarkSpec spec);
}
