package org.tilemark.harness.run;

import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadDriver;

/**
 * Every (tile, workload) driver of the run: a run's start together and stop together; on a search's load
 * path tiles join and leave at phase boundaries while the others' drivers run on.
 */
final class Drivers implements AutoCloseable {

    record Running(int tile, Workload workload, WorkloadDriver driver) {
    }

    private static final java.time.Duration START_LEAD = java.time.Duration.ofSeconds(1);

    private final List<Running> running = new ArrayList<>();
    private Instant origin;

    /**
     * The instant the first drivers laid their users' intended starts out from: in a run every driver's; on a load
     * path, the instant the later tiles' time-varying load is timed from, so they are in step with the first.
     */
    Instant runOrigin() {
        return origin;
    }

    static Drivers start(BenchmarkSpec spec, List<Workload> workloads, List<TileProvisioner.DeployedVm> vms,
                         SecretSource secrets) {
        Drivers drivers = new Drivers();
        drivers.join(tilesUpTo(spec.run().tiles()), spec, workloads, vms, secrets);
        return drivers;
    }

    /** No driver yet: tiles {@link #join} as they come (a search's load path). */
    static Drivers none() {
        return new Drivers();
    }

    /**
     * Prepares and starts the drivers of {@code tiles} beside those already running (untouched), all of
     * them from one origin a little ahead; their time-varying load is timed from the first join's
     * ({@link #runOrigin()}), as if they had run from it. Returns both, as the joiners were started.
     */
    DriverStart join(Set<Integer> tiles, BenchmarkSpec spec, List<Workload> workloads, List<TileProvisioner.DeployedVm> vms,
                 SecretSource secrets) {
        Map<Integer, Map<String, InetSocketAddress>> endpointsByTile = new HashMap<>();
        for (TileProvisioner.DeployedVm vm : vms) {
            Map<String, InetSocketAddress> tileEndpoints = endpointsByTile.computeIfAbsent(vm.vm().tile(), t -> new HashMap<>());
            if (!vm.endpoints().isEmpty()) { // none where the platform waits for no guest (a simulator)
                tileEndpoints.put(vm.vm().name(), vm.endpoint());
            }
            vm.endpoints().forEach((port, address) -> tileEndpoints.put(vm.vm().name() + "/" + port, address));
        }
        List<Running> joining = new ArrayList<>();
        for (int tile : new TreeSet<>(tiles)) {
            for (Workload workload : workloads) {
                WorkloadDriver driver = workload.driver(new DriverContext(tile, spec,
                        endpointsByTile.getOrDefault(tile, Map.of()), spec.run().seed(), secrets));
                joining.add(new Running(tile, workload, driver));
                running.add(joining.getLast());
                driver.prepare();
            }
        }
        // The origin is fixed only once every driver is prepared, a little ahead so all can start.
        Instant start = Instant.now().plus(START_LEAD);
        if (origin == null) {
            origin = start;
        }
        DriverStart driverStart = new DriverStart(start, origin);
        joining.forEach(r -> r.driver().start(driverStart));
        return driverStart;
    }

    /** The audits of {@code tiles}' drivers (made as they stop), which are closed and dropped; the others run on. */
    List<ScoreFile.Audit> leave(Set<Integer> tiles) {
        List<Running> leaving = running.stream().filter(r -> tiles.contains(r.tile())).toList();
        try {
            return audit(leaving);
        } finally {
            running.removeAll(leaving);
            leaving.parallelStream().forEach(r -> r.driver().close());
        }
    }

    static Set<Integer> tilesUpTo(int tiles) {
        Set<Integer> all = new TreeSet<>();
        for (int tile = 1; tile <= tiles; tile++) {
            all.add(tile);
        }
        return all;
    }

    List<Running> all() {
        return running;
    }

    /**
     * Each driver's audit of what its users saw committed (drivers stop their users first); a check
     * that could not be made is an audit naming why. Called while the VMs still run.
     */
    List<ScoreFile.Audit> audit() {
        return audit(running);
    }

    private static List<ScoreFile.Audit> audit(List<Running> drivers) {
        List<ScoreFile.Audit> audits = new ArrayList<>();
        for (Running r : drivers) {
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
