package org.tilemark.tests.workload.echo;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadDriver;

/** One echo VM per tile and its users; scored in echoes per minute. */
final class EchoWorkload implements Workload {

    static final String OPERATION = "echo";

    @Override
    public String name() {
        return EchoProvider.NAME;
    }

    @Override
    public boolean enabled(BenchmarkSpec spec) {
        return section(spec).enabled();
    }

    static String vmName(int tile) {
        return "tile" + tile + "-echo";
    }

    @Override
    public List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets) {
        return List.of(new VmRequest(vmName(tile), EchoRole.NAME, Map.of(), Map.of(), Map.of()));
    }

    @Override
    public WorkloadDriver driver(DriverContext context) {
        String vm = vmName(context.tile());
        return new EchoDriver(context.endpoint(vm), vm, section(context.spec()), context.seed() * 31 + context.tile());
    }

    @Override
    public String headlineOperation() {
        return OPERATION;
    }

    @Override
    public String metricUnit() {
        return "echoes/min";
    }

    @Override
    public Duration metricPeriod() {
        return Duration.ofMinutes(1);
    }

    @Override
    public double targetThroughput(BenchmarkSpec spec) {
        return section(spec).targetEchoesPerMinute();
    }

    @Override
    public double reference(BenchmarkSpec spec) {
        return section(spec).referenceEchoesPerMinute();
    }

    @Override
    public List<QosRule> qosRules(BenchmarkSpec spec) {
        EchoSpec echo = section(spec);
        return List.of(new PercentileRule(OPERATION, echo.percentile(), echo.limit()),
                new FailureRateRule(echo.maxFailurePercent(), false));
    }

    private static EchoSpec section(BenchmarkSpec spec) {
        return spec.workloads().section(EchoSpec.class);
    }
}
