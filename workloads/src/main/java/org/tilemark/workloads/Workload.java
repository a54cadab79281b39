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
     * external database the configuration points at). Most workloads have none.
     */
    default void prepare(int tile, BenchmarkSpec spec, SecretSource secrets) throws Exception {
    }

    WorkloadDriver driver(DriverContext context);

    /** The scored metric, e.g. {@code orders/min}, and the period its rate is expressed per. */
    String metricUnit();

    Duration metricPeriod();

    /** The throughput per tile the configuration throttles the load to. */
    double targetThroughput(BenchmarkSpec spec);

    /** The reference platform's throughput per tile: the score's denominator. */
    double reference(BenchmarkSpec spec);

    List<QosRule> qosRules(BenchmarkSpec spec);
}
