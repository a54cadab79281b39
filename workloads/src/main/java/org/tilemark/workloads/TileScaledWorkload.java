package org.tilemark.workloads;

import java.time.Duration;
import java.util.List;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.TileScale;
import org.tilemark.scoring.QosRule;

/**
 * A workload run at {@code run.tileScale}: every call that takes the configuration hands the workload
 * {@link TileScale#apply}'s spec (users and references scaled together), its driver included. The
 * harness keeps the configuration as the user wrote it (run.json's snapshot); only the workloads see
 * the scaled one, so a snapshot read back is scaled exactly once. Overrides every method of
 * {@link Workload} (a test checks), so a new one cannot bypass the scale.
 */
final class TileScaledWorkload implements Workload {

    private final Workload workload;

    TileScaledWorkload(Workload workload) {
        this.workload = workload;
    }

    @Override
    public String name() {
        return workload.name();
    }

    @Override
    public boolean enabled(BenchmarkSpec spec) {
        return workload.enabled(TileScale.apply(spec));
    }

    @Override
    public List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets) {
        return workload.vms(tile, TileScale.apply(spec), secrets);
    }

    @Override
    public void prepare(int tile, BenchmarkSpec spec, SecretSource secrets) throws Exception {
        workload.prepare(tile, TileScale.apply(spec), secrets);
    }

    @Override
    public WorkloadDriver driver(DriverContext context) {
        return workload.driver(new DriverContext(context.tile(), TileScale.apply(context.spec()), context.endpoints(),
                context.seed(), context.secrets()));
    }

    @Override
    public boolean scored() {
        return workload.scored();
    }

    @Override
    public String metricUnit() {
        return workload.metricUnit();
    }

    @Override
    public Duration metricPeriod() {
        return workload.metricPeriod();
    }

    @Override
    public boolean completesUnit(String operation) {
        return workload.completesUnit(operation);
    }

    @Override
    public boolean failsUnit(String operation) {
        return workload.failsUnit(operation);
    }

    @Override
    public String headlineOperation() {
        return workload.headlineOperation();
    }

    @Override
    public double targetThroughput(BenchmarkSpec spec) {
        return workload.targetThroughput(TileScale.apply(spec));
    }

    @Override
    public double reference(BenchmarkSpec spec) {
        return workload.reference(TileScale.apply(spec));
    }

    @Override
    public List<QosRule> qosRules(BenchmarkSpec spec) {
        return workload.qosRules(TileScale.apply(spec));
    }

    @Override
    public String toString() {
        return workload.toString();
    }
}
