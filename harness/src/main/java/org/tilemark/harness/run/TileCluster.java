package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformOperationListener;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.VmState;
import org.tilemark.workloads.VmRequest;

/**
 * The platform with the tiles deployed on it, kept across runs: a run asks for N tiles and only the
 * tiles that change are deployed or destroyed ({@code tilemark search} steps from 4 to 3 tiles by
 * destroying tile 4). A tile with a VM that is no longer running is redeployed whole.
 */
public final class TileCluster implements AutoCloseable {

    private static final PlatformOperationListener NOT_RECORDED = operation -> { };
    private final Platform platform;
    private final Optional<RunLock> lock;
    private final String clusterId;
    private final PrintStream out;
    private final Map<Integer, List<TileProvisioner.DeployedVm>> tiles = new TreeMap<>();
    private final List<TileProvisioner.DeployedVm> unfinished = new ArrayList<>();
    private volatile RunEvents events = new RunEvents();
    private volatile PlatformOperationListener platformOperations = NOT_RECORDED;

    private TileCluster(Platform platform, Optional<RunLock> lock, String clusterId, PrintStream out) {
        this.platform = platform;
        this.lock = lock;
        this.clusterId = clusterId;
        this.out = out;
        platform.warnings().forEach(warning -> out.println("warning: " + warning));
        platform.onUnexpectedStop((vm, cause) -> {
            this.events.add(new VmStop(vm.name(), vm.role(), vm.tile(), cause).sentence());
            out.println("! VM " + vm.name() + " stopped: " + cause);
        });
        platform.onPlatformOperation(operation -> this.platformOperations.performed(operation));
    }

    /**
     * Connects to the spec's platform with no tiles deployed yet.
     *
     * @param clusterId names the VMs' directories and registry entries ({@code tilemark cleanup ID}); its
     *                  {@link RunLock} is held until {@link #close()}, so no cleanup removes them meanwhile
     */
    public static TileCluster open(BenchmarkSpec spec, String clusterId, PrintStream out) throws PlatformException {
        Platform platform = Platforms.create(spec.cluster());
        try {
            return new TileCluster(platform, Optional.of(RunLock.hold(spec.run().stateDir(), clusterId)), clusterId, out);
        } catch (RuntimeException e) {
            platform.close();
            throw e;
        }
    }

    /** The platform given, with no tiles deployed yet (and no run lock: a test's cluster). */
    static TileCluster on(Platform platform, String clusterId, PrintStream out) {
        return new TileCluster(platform, Optional.empty(), clusterId, out);
    }

    Platform platform() {
        return platform;
    }

    /** Where VM stops and teardown failures are reported from now on: the current run's events. */
    void reportTo(RunEvents runEvents) {
        this.events = runEvents;
    }

    /** Where moves the platform makes on its own (DRS) go from now on: the current run's infrastructure operations, if any. */
    void recordPlatformOperations(Optional<InfraRun> infra) {
        this.platformOperations = infra.<PlatformOperationListener>map(run -> run::platformOperation).orElse(NOT_RECORDED);
    }

    /** Every deployed VM, tile by tile (including those of a provisioning that failed half-way). */
    synchronized List<TileProvisioner.DeployedVm> vms() {
        List<TileProvisioner.DeployedVm> all = new ArrayList<>();
        tiles.values().forEach(all::addAll);
        all.addAll(unfinished);
        return all;
    }

    /**
     * Makes the deployed tiles exactly those of {@code requests}: destroys the others and any tile
     * with a VM that stopped, then deploys the missing ones.
     */
    synchronized void resize(Map<Integer, List<VmRequest>> requests, Duration timeout) throws PlatformException {
        Set<Integer> stopped = new TreeSet<>();
        tiles.forEach((tile, vms) -> {
            if (requests.containsKey(tile) && vms.stream().anyMatch(vm -> platform.state(vm.vm()) != VmState.RUNNING)) {
                stopped.add(tile);
            }
        });
        destroyTiles(stopped);
        prepare(requests, timeout);
    }

    /**
     * As {@link #resize}, but a deployed tile that is requested is kept whatever its VMs' state: deploys the
     * tiles a load path will add while the running ones are measured (their stops are the measurement's to see).
     */
    synchronized void prepare(Map<Integer, List<VmRequest>> requests, Duration timeout) throws PlatformException {
        // Left over by a provisioning that failed half-way: never trusted as a tile.
        destroy(List.copyOf(unfinished));
        unfinished.clear();
        Set<Integer> remove = new TreeSet<>(tiles.keySet());
        remove.removeAll(requests.keySet());
        destroyTiles(remove);
        Map<Integer, List<VmRequest>> missing = new TreeMap<>(requests);
        missing.keySet().removeAll(tiles.keySet());
        if (missing.isEmpty()) {
            out.println("[provision] tiles " + tiles.keySet() + " already deployed");
            return;
        }
        out.println("[provision] " + missing.values().stream().mapToInt(List::size).sum() + " VMs of tile(s) "
                + missing.keySet() + " on " + platform.inventory().hosts().size() + " hosts");
        long start = System.nanoTime();
        int alreadyPlaced = tiles.values().stream().mapToInt(List::size).sum();
        ProgressBar ready = new ProgressBar(out, "provision", missing.values().stream().mapToInt(List::size).sum(), "VMs ready");
        new TileProvisioner(platform, clusterId, timeout, events, ready::advance).provision(missing, unfinished, alreadyPlaced);
        for (TileProvisioner.DeployedVm vm : unfinished) {
            tiles.computeIfAbsent(vm.vm().tile(), t -> new ArrayList<>()).add(vm);
        }
        unfinished.clear();
        out.println("[provision] ready in " + (System.nanoTime() - start) / 1_000_000_000 + " s");
    }

    private void destroyTiles(Set<Integer> remove) {
        if (!remove.isEmpty()) {
            out.println("[provision] destroying tile(s) " + remove);
            List<TileProvisioner.DeployedVm> doomed = new ArrayList<>();
            remove.forEach(tile -> doomed.addAll(tiles.remove(tile)));
            destroy(doomed);
        }
    }

    private void destroy(List<TileProvisioner.DeployedVm> vms) {
        if (vms.isEmpty()) {
            return;
        }
        out.println("[teardown] destroying " + vms.size() + " VMs");
        RunEvents sink = events;
        Queue<String> left = new ConcurrentLinkedQueue<>();
        try (ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (TileProvisioner.DeployedVm vm : vms) {
                workers.submit(() -> {
                    try {
                        platform.destroy(vm.vm());
                    } catch (PlatformException e) {
                        left.add(vm.vm().name());
                        sink.add("teardown of " + vm.vm().name() + " failed: " + e.getMessage());
                    }
                });
            }
        }
        if (!left.isEmpty()) {
            // e.g. on a host that stopped answering: the user must hear that something is left, and what removes it
            out.println("[teardown] " + left.size() + " VM(s) not destroyed: " + left.stream().sorted().toList()
                    + " (the run's events say why); `tilemark cleanup` removes them once their host answers");
        }
    }

    /** Destroys every VM and lets go of the platform. */
    @Override
    public synchronized void close() {
        destroy(vms());
        tiles.clear();
        unfinished.clear();
        try {
            platform.close();
        } finally {
            lock.ifPresent(RunLock::close);
        }
    }
}
