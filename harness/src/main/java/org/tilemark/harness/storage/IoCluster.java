package org.tilemark.harness.storage;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.TemplateId;
import org.tilemark.workloads.storage.IoGuestRole;
import org.tilemark.workloads.storage.IoResult;
import org.tilemark.workloads.storage.IoRunRequest;

/**
 * The I/O VMs of one storage run, deployed and started: runs a data point on all of them in lockstep
 * and samples the hosts' CPU over its measured window; closing destroys the VMs (and their data disks).
 */
final class IoCluster implements AutoCloseable {

    private static final Duration LOCKSTEP_LEAD = Duration.ofSeconds(2);

    private final Platform platform;
    private final PrintStream out;
    private final Map<Vm, InetSocketAddress> vms = new LinkedHashMap<>();
    private IoVmControl control;
    private Set<String> hosts = Set.of();
    private final List<String> stopped = new java.util.concurrent.CopyOnWriteArrayList<>();

    private IoCluster(Platform platform, PrintStream out) {
        this.platform = platform;
        this.out = out;
        platform.warnings().forEach(warning -> out.println("warning: " + warning));
    }

    static IoCluster open(BenchmarkSpec spec, StorageSettings settings, String runId, String token, PrintStream out)
            throws PlatformException {
        IoCluster cluster = new IoCluster(Platforms.create(spec.cluster()), out);
        try {
            cluster.control = new IoVmControl(token);
            cluster.platform.onUnexpectedStop((vm, cause) -> {
                cluster.stopped.add("VM " + vm.name() + " stopped: " + cause);
                out.println("! VM " + vm.name() + " stopped: " + cause);
            });
            cluster.hosts = Set.copyOf(settings.hosts(cluster.platform));
            cluster.deploy(spec, settings, runId, token);
            return cluster;
        } catch (PlatformException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    Platform platform() {
        return platform;
    }

    private void deploy(BenchmarkSpec spec, StorageSettings settings, String runId, String token) throws PlatformException {
        RoleTemplate role = RoleCatalog.forRole(IoGuestRole.NAME);
        Map<String, String> secrets = Map.of(IoGuestRole.TOKEN_ENV, token);
        Template template = platform.ensureTemplate(new TemplateRequest(role, new TemplateId(role.role(), Map.of()), Map.of(),
                secrets, spec.run().provisionTimeout()));
        List<String> hosts = settings.hosts(platform);
        List<Vm> deployed = new ArrayList<>();
        for (int i = 1; i <= settings.vms(); i++) {
            Map<String, String> guestInfo = Map.of("io.disks", Integer.toString(settings.disksPerVm()),
                    "io.diskSize", Long.toString(settings.diskBytes()), "io.seed", Long.toString(spec.run().seed() + i),
                    "io.thin", Boolean.toString(spec.storage().thinDisks()));
            Vm vm = platform.deploy(new VmSpec("io-" + i, runId, 0, template, role, hosts.get((i - 1) % hosts.size()),
                    settings.datastore(), guestInfo, secrets));
            vms.put(vm, null);
            deployed.add(vm);
        }
        out.println("[provision] " + deployed.size() + " I/O VMs, " + settings.disksPerVm() + " x "
                + settings.diskSize() + " data disk(s) each, preallocating ...");
        long start = System.nanoTime();
        try (ExecutorService starting = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> started = new ArrayList<>();
            for (Vm vm : deployed) {
                started.add(starting.submit(() -> {
                    platform.powerOn(vm, spec.run().provisionTimeout());
                    return null;
                }));
            }
            for (Future<?> f : started) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof PlatformException p ? p : new PlatformException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("interrupted while starting the I/O VMs", e);
        }
        deployed.forEach(vm -> vms.put(vm, platform.endpoint(vm)));
        out.println("[provision] ready in " + (System.nanoTime() - start) / 1_000_000_000 + " s");
    }

    /** Runs {@code point} on every VM, all starting at the same instant: ramp-up, then measured runtime. */
    DataPointResult run(DataPoint point, Duration rampUp, Duration runtime, long seed) throws IOException, InterruptedException {
        return run(point, rampUp, runtime, seed, LOCKSTEP_LEAD);
    }

    /** As {@link #run(DataPoint, Duration, Duration, long)}, starting {@code lead} from now (short for back-to-back intervals). */
    DataPointResult run(DataPoint point, Duration rampUp, Duration runtime, long seed, Duration lead)
            throws IOException, InterruptedException {
        Instant startAt = Instant.now().plus(lead);
        IoRunRequest request = IoRunRequest.of(point.spec(), 1, rampUp, runtime, startAt, seed);
        Duration patience = lead.plus(rampUp).plus(runtime).plus(Duration.ofMinutes(2));
        Instant measureStart = startAt.plus(rampUp);
        Instant measureEnd = measureStart.plus(runtime);
        try (ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<IoResult>> running = new ArrayList<>();
            for (var vm : vms.entrySet()) {
                running.add(workers.submit(() -> control.run(vm.getKey().name(), vm.getValue(), request, patience)));
            }
            Future<Double> cpu = workers.submit(() -> cpuPercent(measureStart, measureEnd));
            List<IoResult> results = new ArrayList<>();
            for (Future<IoResult> f : running) {
                results.add(f.get());
            }
            return new DataPointResult(point, IoResult.merge(results), vms.size(), cpu.get());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            String why = stopped.isEmpty() ? "" : " (" + String.join("; ", stopped) + ")";
            throw new IOException(point.label() + ": " + cause.getMessage() + why, cause);
        }
    }

    /** The hosts' busy CPU over the measured window, as a percentage summed over their cores; NaN if unknown. */
    private double cpuPercent(Instant from, Instant to) throws InterruptedException {
        sleepUntil(from);
        Optional<Duration> before = platform.cpuBusy(hosts);
        sleepUntil(to);
        Optional<Duration> after = platform.cpuBusy(hosts);
        if (before.isEmpty() || after.isEmpty()) {
            return Double.NaN;
        }
        return 100.0 * after.get().minus(before.get()).toNanos() / Duration.between(from, to).toNanos();
    }

    private static void sleepUntil(Instant instant) throws InterruptedException {
        long ms = Duration.between(Instant.now(), instant).toMillis();
        if (ms > 0) {
            Thread.sleep(ms);
        }
    }

    @Override
    public void close() {
        for (Vm vm : vms.keySet()) {
            try {
                platform.destroy(vm);
            } catch (PlatformException e) {
                out.println("warning: teardown of " + vm.name() + " failed: " + e.getMessage() + " (run `tilemark cleanup`)");
            }
        }
        platform.close();
    }
}
