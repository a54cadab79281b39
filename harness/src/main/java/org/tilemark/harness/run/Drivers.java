package org.tilemark.harness.run;

import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadDriver;

/** Every (tile, workload) driver of the run, started together and stopped together. */
final class Drivers implements AutoCloseable {

    record Running(int tile, Workload workload, WorkloadDriver driver) {
    }

    private static final java.time.Duration START_LEAD = java.time.Duration.ofSeconds(1);

    private final List<Running> running = new ArrayList<>();
    private Instant origin;

    /** The instant every driver laid its users' intended starts out from. */
    Instant origin() {
        return origin;
    }

    static Drivers start(BenchmarkSpec spec, List<Workload> workloads, List<TileProvisioner.DeployedVm> vms,
                         SecretSource secrets) {
        Map<Integer, Map<String, InetSocketAddress>> endpointsByTile = new HashMap<>();
        for (TileProvisioner.DeployedVm vm : vms) {
            Map<String, InetSocketAddress> tileEndpoints = endpointsByTile.computeIfAbsent(vm.vm().tile(), t -> new HashMap<>());
            if (!vm.endpoints().isEmpty()) { // none where the platform waits for no guest (a simulator)
                tileEndpoints.put(vm.vm().name(), vm.endpoint());
            }
            vm.endpoints().forEach((port, address) -> tileEndpoints.put(vm.vm().name() + "/" + port, address));
        }
        Drivers drivers = new Drivers();
        for (int tile = 1; tile <= spec.run().tiles(); tile++) {
            for (Workload workload : workloads) {
                WorkloadDriver driver = workload.driver(new DriverContext(tile, spec,
                        endpointsByTile.getOrDefault(tile, Map.of()), spec.run().seed(), secrets));
                drivers.running.add(new Running(tile, workload, driver));
                driver.prepare();
            }
        }
        // The origin is fixed only once every driver is prepared, a little ahead so all can start.
        Instant origin = Instant.now().plus(START_LEAD);
        drivers.origin = origin;
        drivers.running.forEach(r -> r.driver().start(origin));
        return drivers;
    }

    List<Running> all() {
        return running;
    }

    /**
     * Each driver's audit of what its users saw committed (drivers stop their users first); a check
     * that could not be made is an audit naming why. Called while the VMs still run.
     */
    List<ScoreFile.Audit> audit() {
        List<ScoreFile.Audit> audits = new ArrayList<>();
        for (Running r : running) {
            String workload = r.workload().name();
            try {
                r.driver().audit().ifPresent(a -> audits.add(new ScoreFile.Audit(r.tile(), workload, a.subject(), a.checked(),
                        a.missing(), a.missingExamples(), null)));
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                audits.add(ScoreFile.Audit.failed(r.tile(), workload, RunOrchestrator.oneLine(String.valueOf(e.getMessage()))));
            }
        }
        return audits;
    }

    @Override
    public void close() {
        running.parallelStream().forEach(r -> r.driver().close());
    }
}
