package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.workloads.VmRequest;

/**
 * The tiles a load path will add if the coming step passes, deployed and powered on while the tiles joining now warm
 * up, so that a passing step's successor starts with their warm-up instead of their provisioning; the loop's
 * warm-up lasts until they are up, so no phase is measured while they are provisioned (on two cores, every step
 * measured while a tile was provisioned failed). One deployment at a time, on a thread of its own; the loop takes
 * what was deployed before it changes the tile count, and a deployment that failed ends the run.
 */
final class TilesAhead implements AutoCloseable {

    private final TileCluster cluster;
    private final LoadPathLoop.TileRequests requests;
    private final Duration timeout;
    private final PrintStream out;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("tiles-ahead").daemon().factory());
    private final List<Deployment> pending = new ArrayList<>();
    /** Tiles {@code 1..deployedUpTo} are deployed, or being deployed. */
    private int deployedUpTo;

    /** One deployment's target, the tiles whose warm-up it overlaps, and its outcome: every VM deployed once it ended. */
    private record Deployment(int tiles, Set<Integer> warming, Future<List<TileProvisioner.DeployedVm>> vms) {
    }

    TilesAhead(TileCluster cluster, LoadPathLoop.TileRequests requests, Duration timeout, PrintStream out) {
        this.cluster = cluster;
        this.requests = requests;
        this.timeout = timeout;
        this.out = out;
    }

    /**
     * While {@code joining} warm up to make {@code running} tiles: starts deploying the tiles up to {@code ahead} (the
     * path's tile count after the coming step if it passes) beside the running ones, or destroying deployed tiles
     * beyond both; nothing if the cluster already holds (or is getting) exactly those.
     */
    void during(Set<Integer> joining, int running, OptionalInt ahead) throws Exception {
        failIfFailed();
        int target = Math.max(running, ahead.orElse(running));
        if (target == deployedUpTo) {
            return;
        }
        if (target > deployedUpTo) {
            out.println("[load path] tile(s) " + tiles(deployedUpTo + 1, target) + " deployed and powered on while tile(s) "
                    + joining + " warm up (they join if the coming step passes)");
        }
        deployedUpTo = target;
        Set<Integer> warming = new TreeSet<>(joining);
        pending.add(new Deployment(target, warming, worker.submit(() -> {
            Map<Integer, List<VmRequest>> wanted = requests.upTo(target);
            cluster.prepare(wanted, timeout);
            return cluster.vms();
        })));
    }

    /**
     * Waits for the deployments under way and returns every VM they deployed (for run.json, tiles destroyed
     * since included); the next change of tile count makes the cluster {@code tiles}.
     */
    List<TileProvisioner.DeployedVm> await(int tiles) throws Exception {
        List<TileProvisioner.DeployedVm> vms = new ArrayList<>();
        try {
            for (Deployment deployment : pending) {
                vms.addAll(outcome(deployment));
            }
        } finally {
            pending.clear();
        }
        deployedUpTo = tiles;
        return vms;
    }

    /** The VMs of the deployments that ended well, without waiting for one under way (for run.json at the end). */
    List<TileProvisioner.DeployedVm> ended() {
        List<TileProvisioner.DeployedVm> vms = new ArrayList<>();
        for (Deployment deployment : pending) {
            if (deployment.vms().state() == Future.State.SUCCESS) {
                vms.addAll(deployment.vms().resultNow());
            }
        }
        return vms;
    }

    /** Whether a deployment is under way. */
    boolean busy() {
        return pending.stream().anyMatch(d -> !d.vms().isDone());
    }

    /** Throws the failure of a deployment that ended (naming its tiles and the warm-up it overlapped). */
    private void failIfFailed() throws Exception {
        for (Deployment deployment : pending) {
            if (deployment.vms().isDone()) {
                outcome(deployment);
            }
        }
    }

    private static List<TileProvisioner.DeployedVm> outcome(Deployment deployment) throws Exception {
        try {
            return deployment.vms().get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new PlatformException("deploying tiles up to " + deployment.tiles() + " while tile(s) " + deployment.warming()
                    + " warmed up failed: " + (cause instanceof PlatformException ? cause.getMessage() : String.valueOf(cause)),
                    cause);
        }
    }

    private static List<Integer> tiles(int from, int to) {
        return new ArrayList<>(Drivers.tilesUpTo(to).stream().filter(t -> t >= from).toList());
    }

    /** Stops a deployment under way (its VMs are the cluster's to destroy) and the worker. */
    @Override
    public void close() {
        pending.forEach(d -> d.vms().cancel(true));
        worker.close();
    }
}
